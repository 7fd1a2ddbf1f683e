// On the app's /extension-auth: the page posts the extension's session as a window message
// (CHLOE_AUTH_UPDATE, to its own origin); this passes it to the service worker. The way every
// browser has (Firefox has no externally_connectable for web pages).
window.addEventListener('message', (event: MessageEvent) => {
  if (event.source !== window || event.origin !== location.origin) return;
  const data = event.data as { type?: string; session?: unknown } | null;
  if (data?.type !== 'CHLOE_AUTH_UPDATE' || !data.session) return;
  void chrome.runtime.sendMessage({ type: 'chloe:auth-update', session: data.session });
});
