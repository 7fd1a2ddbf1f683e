import { useCallback, useEffect, useRef, useState } from 'react';
import { CONNECT_MESSAGES, connectToast as toast, GmailAttempt } from './gmail-attempt';

export { CONNECT_MESSAGES, MAX_POLLS, POLL_MS, RELAY_CHANNEL, RELAY_TYPE, SIGN_IN_REDIRECT_MS } from './gmail-attempt';

// Connecting a Gmail account (docs/product/email-assistant.md#connecting-gmail): a popup on
// Google's consent page, then the account list polled every 2 s, 60 times at most, until the
// account shows. The popup comes back to the app's callback page
// (public/gmail-oauth-callback.html), which relays Google's answer here: this page hands the code
// to the server with the user's session (gmail-oauth `complete`).

const POPUP_FEATURES = 'popup=yes,width=500,height=600';
const POPUP_NAME = 'chloe-gmail-oauth';

export interface GmailConnect {
  connecting: boolean;
  /** Why the last attempt failed, shown in the error card; null when it did not. */
  error: string | null;
  /** Starts a connection; call it from the click itself (the popup opens in that gesture). */
  connect: () => void;
}

/**
 * The Connect button's flow. `onConnected` refreshes the page's list; `onSignIn` is where a
 * visitor without a session is sent (2 s after the message).
 */
export function useGmailConnect({
  userId,
  onConnected,
  onSignIn,
}: {
  userId: string;
  onConnected: () => Promise<void>;
  onSignIn: () => void;
}): GmailConnect {
  const [connecting, setConnecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The attempt under way (or, cancelled, still listening for a late answer).
  const attempt = useRef<GmailAttempt | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      attempt.current?.end();
      clearTimeout(redirect.current);
    },
    [],
  );

  const connect = useCallback(() => {
    if (attempt.current?.polling()) return;
    // A cancelled attempt still listening for a late answer gives way to the new one.
    attempt.current?.end();
    setError(null);
    // Opened now, in the click: a popup opened after an await is blocked by browsers.
    const popup = window.open('about:blank', POPUP_NAME, POPUP_FEATURES);
    if (!popup) {
      setError(CONNECT_MESSAGES.popupBlocked);
      toast.error('Connection Error', CONNECT_MESSAGES.popupBlocked);
      return;
    }
    try {
      popup.document.title = 'Connecting to Google…';
      popup.document.body.textContent = 'Connecting to Google…';
    } catch {
      // Not ours to write (already elsewhere): nothing to say in it.
    }
    setConnecting(true);
    const current = new GmailAttempt(popup, {
      userId,
      onConnected,
      onSignIn,
      setConnecting,
      setError,
      redirect,
      ended: (ended) => {
        if (attempt.current === ended) attempt.current = null;
      },
    });
    attempt.current = current;
    current.run();
  }, [userId, onConnected, onSignIn]);

  return { connecting, error, connect };
}
