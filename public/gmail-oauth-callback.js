// Google sends the sign-in popup back here (the redirect URI of the Gmail connection). This
// page hands Google's answer to the dashboard that opened it, which asks the server to
// connect the mailbox with the signed-in user's session, then closes. The code is useless
// without the server's PKCE verifier and that user's session. The address is cleaned at
// once, so the code stays in no history entry.
(function () {
  var params = new URLSearchParams(window.location.search);
  history.replaceState(null, '', window.location.pathname);
  var message = {
    type: 'chloe:gmail-oauth',
    state: params.get('state') || '',
    code: params.get('code') || undefined,
    error: params.get('error') || undefined,
    errorDescription: params.get('error_description') || undefined,
  };
  if (!message.code && !message.error) message.error = 'no_answer';
  try {
    if (window.opener) window.opener.postMessage(message, window.location.origin);
  } catch (e) {
    // The opener is gone or elsewhere: the channel below still reaches the dashboard.
  }
  if (typeof BroadcastChannel !== 'undefined') {
    var channel = new BroadcastChannel('chloe-gmail-oauth');
    channel.postMessage(message);
    channel.close();
  }
  var cancelled = message.error === 'access_denied';
  document.getElementById('title').textContent = cancelled
    ? 'Gmail connection cancelled'
    : message.error
      ? 'Gmail could not be connected'
      : 'Finishing the Gmail connection…';
  document.getElementById('detail').textContent = 'You can close this window and go back to the Chloe dashboard.';
  // A moment for the dashboard to take the message before it sees the window closed.
  setTimeout(function () {
    window.close();
  }, 300);
})();
