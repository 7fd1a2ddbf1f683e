import { useCallback, useEffect, useRef, useState } from 'react';
import { logError } from '../../lib/log';
import { supabase } from '../../lib/supabase';
import { toastAbout } from '../../lib/toast';
import { listGmailAccounts, type GmailAccount } from './api/list-gmail-accounts';
import { completeGmailConnection, startGmailConnection } from './api/start-gmail-connection';

// A success of this topic dismisses its failures still on screen.
const toast = toastAbout('gmail-connect');

// Connecting a Gmail account (docs/product/email-assistant.md#connecting-gmail): a popup on
// Google's consent page, then the account list polled every 2 s, 60 times at most, until the
// account shows. The popup comes back to the app's callback page
// (public/gmail-oauth-callback.html), which relays Google's answer here: this page hands the code
// to the server with the user's session (gmail-oauth `complete`).

export const POLL_MS = 2000;
export const MAX_POLLS = 60;
export const SIGN_IN_REDIRECT_MS = 2000;
const POPUP_FEATURES = 'popup=yes,width=500,height=600';
const POPUP_NAME = 'chloe-gmail-oauth';
/** What the callback page posts (window message to the opener, and a BroadcastChannel). */
export const RELAY_CHANNEL = 'chloe-gmail-oauth';
export const RELAY_TYPE = 'chloe:gmail-oauth';

export const CONNECT_MESSAGES = {
  signIn: 'Please sign in first to connect Gmail. You will be redirected to the login page.',
  noUrl: 'Failed to get authorization URL from server',
  popupBlocked: 'Failed to open authentication window. Please allow popups and try again.',
  cancelled: 'Authentication was cancelled',
  timedOut: 'Connection timed out after 2 minutes',
} as const;

type Relay = { type: typeof RELAY_TYPE; state: string; code?: string; error?: string; errorDescription?: string };

function isRelay(data: unknown): data is Relay {
  return typeof data === 'object' && data !== null && (data as Relay).type === RELAY_TYPE;
}

/** An account that was not there, or was connected again since `before`. */
function connectedSince(before: GmailAccount[], now: GmailAccount[]): boolean {
  if (now.length > before.length) return true;
  const then = new Map(before.map((a) => [a.id, a.connected_at]));
  return now.some((a) => !then.has(a.id) || then.get(a.id) !== a.connected_at);
}

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
  // The attempt under way (or, cancelled, still listening for a late answer): its clean-up, and
  // whether it is still polling.
  const attempt = useRef<{ end: () => void; polling: () => boolean } | null>(null);
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

    const startedAt = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let listenTimer: ReturnType<typeof setTimeout> | undefined;
    // Polling: the attempt is under way. Listening: a relay from the callback page still counts.
    let polling = true;
    let listening = true;
    let completing: Promise<void> | null = null;
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(RELAY_CHANNEL);
    const stopPolling = () => {
      polling = false;
      clearTimeout(timer);
      try {
        if (!popup.closed) popup.close();
      } catch {
        // Gone already.
      }
    };
    const end = () => {
      stopPolling();
      listening = false;
      clearTimeout(listenTimer);
      channel?.close();
      window.removeEventListener('message', onMessage);
      if (attempt.current === current) attempt.current = null;
    };
    const current = { end, polling: () => polling };
    attempt.current = current;
    const fail = (message: string, title = 'Connection Error', description = message) => {
      if (!listening) return;
      end();
      setConnecting(false);
      setError(message);
      toast.error(title, description);
    };
    const succeed = async () => {
      if (!listening) return;
      end();
      await onConnected().catch(() => undefined);
      setConnecting(false);
      setError(null);
      toast.success('Success!', 'Gmail account connected successfully');
    };
    /**
     * The popup is closed: cancelled, as far as anyone can tell. But when Google's page cut the
     * popup off from this one (its opener policy), the window only looks closed: its answer may
     * still come through the channel, until the two minutes are up.
     */
    const cancelled = () => {
      stopPolling();
      setConnecting(false);
      setError(CONNECT_MESSAGES.cancelled);
      toast.error('Connection Error', CONNECT_MESSAGES.cancelled);
      listenTimer = setTimeout(end, Math.max(0, startedAt + MAX_POLLS * POLL_MS - Date.now()));
    };

    let state: string | null = null;
    const onRelay = (data: unknown) => {
      if (!listening || !isRelay(data) || !state || data.state !== state || completing) return;
      if (data.error) {
        if (!polling) return;
        if (data.error === 'access_denied') fail(CONNECT_MESSAGES.cancelled);
        else fail(`Authentication error: ${data.errorDescription || data.error}`);
        return;
      }
      if (!data.code) return;
      if (!polling) setConnecting(true);
      completing = completeGmailConnection(data.code, state).then(async (result) => {
        if (!result.ok) {
          fail(`Function error: ${result.message}`);
          return;
        }
        await succeed();
      });
    };
    function onMessage(event: MessageEvent) {
      if (event.origin === window.location.origin) onRelay(event.data);
    }
    window.addEventListener('message', onMessage);
    if (channel) channel.onmessage = (event: MessageEvent) => onRelay(event.data);

    void (async () => {
      const { data: stored, error: sessionError } = await supabase.auth.getSession();
      if (sessionError) return fail(`Authentication error: ${sessionError.message}`);
      if (!stored.session) {
        // Signed out meanwhile (another tab): to the sign-in page, after saying so.
        fail(CONNECT_MESSAGES.signIn);
        redirect.current = setTimeout(onSignIn, SIGN_IN_REDIRECT_MS);
        return;
      }
      const [started, before] = await Promise.all([
        startGmailConnection(),
        listGmailAccounts(userId).catch(() => null),
      ]);
      if (!polling) return;
      if (!started.ok) {
        if (started.kind === 'no-url') return fail(CONNECT_MESSAGES.noUrl);
        return fail(
          started.kind === 'http' && started.status === 401
            ? `Authentication error: ${started.message}`
            : `Function error: ${started.message}`,
        );
      }
      state = new URL(started.authUrl).searchParams.get('state');
      try {
        popup.location.href = started.authUrl;
      } catch (cause) {
        logError('The Gmail popup could not be sent to Google', cause);
        return fail(CONNECT_MESSAGES.popupBlocked);
      }

      let polls = 0;
      const tick = async () => {
        if (!polling) return;
        polls += 1;
        // Read before looking at the popup: it may have just closed itself after connecting.
        const closed = popup.closed;
        const now = await listGmailAccounts(userId).catch(() => null);
        if (!polling) return;
        if (now && before && connectedSince(before, now)) return void succeed();
        // While the server connects the account, its answer ends the attempt.
        if (closed && !completing) return cancelled();
        if (polls >= MAX_POLLS) {
          return fail(CONNECT_MESSAGES.timedOut, 'Timeout', 'Gmail connection timed out. Please try again.');
        }
        timer = setTimeout(() => void tick(), POLL_MS);
      };
      timer = setTimeout(() => void tick(), POLL_MS);
    })().catch((cause: unknown) => {
      logError('Connecting Gmail failed', cause);
      fail(`Function error: ${cause instanceof Error ? cause.message : String(cause)}`);
    });
  }, [userId, onConnected, onSignIn]);

  return { connecting, error, connect };
}
