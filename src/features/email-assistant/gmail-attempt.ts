import { logError } from '../../lib/log';
import { supabase } from '../../lib/supabase';
import { toastAbout } from '../../lib/toast';
import { listGmailAccounts, type GmailAccount } from './api/list-gmail-accounts';
import { completeGmailConnection, startGmailConnection } from './api/start-gmail-connection';

// A success of this topic dismisses its failures still on screen.
export const connectToast = toastAbout('gmail-connect');

export const POLL_MS = 2000;
export const MAX_POLLS = 60;
export const SIGN_IN_REDIRECT_MS = 2000;
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

export interface GmailAttemptOptions {
  userId: string;
  onConnected: () => Promise<void>;
  onSignIn: () => void;
  setConnecting: (connecting: boolean) => void;
  setError: (error: string | null) => void;
  /** The sign-in redirect's timer, kept where the page clears it as it goes. */
  redirect: { current: ReturnType<typeof setTimeout> | undefined };
  /** The attempt has cleaned up after itself. */
  ended: (attempt: GmailAttempt) => void;
}

/**
 * One connection, from the popup opened in the click until the account shows in the list, the
 * server refuses, the visitor closes the popup, or the two minutes are up.
 */
export class GmailAttempt {
  readonly #popup: Window;
  readonly #options: GmailAttemptOptions;
  readonly #startedAt = Date.now();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #listenTimer: ReturnType<typeof setTimeout> | undefined;
  // Polling: the attempt is under way. Listening: a relay from the callback page still counts.
  #polling = true;
  #listening = true;
  #completing: Promise<void> | null = null;
  #state: string | null = null;
  readonly #channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(RELAY_CHANNEL);
  readonly #onMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin) this.#onRelay(event.data);
  };

  constructor(popup: Window, options: GmailAttemptOptions) {
    this.#popup = popup;
    this.#options = options;
    window.addEventListener('message', this.#onMessage);
    if (this.#channel) this.#channel.onmessage = (event: MessageEvent) => this.#onRelay(event.data);
  }

  /** Whether the attempt is under way (a cancelled one may still be listening for a late answer). */
  polling(): boolean {
    return this.#polling;
  }

  /** Asks the server for Google's page, sends the popup there, then polls the account list. */
  run() {
    void this.#connect().catch((cause: unknown) => {
      logError('Connecting Gmail failed', cause);
      this.#fail(`Function error: ${cause instanceof Error ? cause.message : String(cause)}`);
    });
  }

  /** Stops polling and listening, closes the popup, and lets the page forget the attempt. */
  end() {
    this.#stopPolling();
    this.#listening = false;
    clearTimeout(this.#listenTimer);
    this.#channel?.close();
    window.removeEventListener('message', this.#onMessage);
    this.#options.ended(this);
  }

  async #connect() {
    const { userId, onSignIn, redirect } = this.#options;
    const { data: stored, error: sessionError } = await supabase.auth.getSession();
    if (sessionError) return this.#fail(`Authentication error: ${sessionError.message}`);
    if (!stored.session) {
      // Signed out meanwhile (another tab): to the sign-in page, after saying so.
      this.#fail(CONNECT_MESSAGES.signIn);
      redirect.current = setTimeout(onSignIn, SIGN_IN_REDIRECT_MS);
      return;
    }
    const [started, before] = await Promise.all([startGmailConnection(), listGmailAccounts(userId).catch(() => null)]);
    if (!this.#polling) return;
    if (!started.ok) {
      if (started.kind === 'no-url') return this.#fail(CONNECT_MESSAGES.noUrl);
      return this.#fail(
        started.kind === 'http' && started.status === 401
          ? `Authentication error: ${started.message}`
          : `Function error: ${started.message}`,
      );
    }
    this.#state = new URL(started.authUrl).searchParams.get('state');
    try {
      this.#popup.location.href = started.authUrl;
    } catch (cause) {
      logError('The Gmail popup could not be sent to Google', cause);
      return this.#fail(CONNECT_MESSAGES.popupBlocked);
    }
    this.#nextPoll(before, 0);
  }

  #nextPoll(before: GmailAccount[] | null, polls: number) {
    this.#timer = setTimeout(() => void this.#poll(before, polls + 1), POLL_MS);
  }

  async #poll(before: GmailAccount[] | null, polls: number) {
    if (!this.#polling) return;
    // Read before looking at the popup: it may have just closed itself after connecting.
    const closed = this.#popup.closed;
    const now = await listGmailAccounts(this.#options.userId).catch(() => null);
    if (!this.#polling) return;
    if (now && before && connectedSince(before, now)) return void this.#succeed();
    // While the server connects the account, its answer ends the attempt.
    if (closed && !this.#completing) return this.#cancelled();
    if (polls >= MAX_POLLS) {
      return this.#fail(CONNECT_MESSAGES.timedOut, 'Timeout', 'Gmail connection timed out. Please try again.');
    }
    this.#nextPoll(before, polls);
  }

  #onRelay(data: unknown) {
    const state = this.#state;
    if (!this.#listening || !isRelay(data) || !state || data.state !== state || this.#completing) return;
    if (data.error) {
      if (!this.#polling) return;
      if (data.error === 'access_denied') this.#fail(CONNECT_MESSAGES.cancelled);
      else this.#fail(`Authentication error: ${data.errorDescription || data.error}`);
      return;
    }
    if (!data.code) return;
    if (!this.#polling) this.#options.setConnecting(true);
    this.#completing = completeGmailConnection(data.code, state).then(async (result) => {
      if (!result.ok) {
        this.#fail(`Function error: ${result.message}`);
        return;
      }
      await this.#succeed();
    });
  }

  #stopPolling() {
    this.#polling = false;
    clearTimeout(this.#timer);
    try {
      if (!this.#popup.closed) this.#popup.close();
    } catch {
      // Gone already.
    }
  }

  #fail(message: string, title = 'Connection Error', description = message) {
    if (!this.#listening) return;
    this.end();
    this.#options.setConnecting(false);
    this.#options.setError(message);
    connectToast.error(title, description);
  }

  async #succeed() {
    if (!this.#listening) return;
    this.end();
    await this.#options.onConnected().catch(() => undefined);
    this.#options.setConnecting(false);
    this.#options.setError(null);
    connectToast.success('Success!', 'Gmail account connected successfully');
  }

  /**
   * The popup is closed: cancelled, as far as anyone can tell. But when Google's page cut the
   * popup off from this one (its opener policy), the window only looks closed: its answer may
   * still come through the channel, until the two minutes are up.
   */
  #cancelled() {
    this.#stopPolling();
    this.#options.setConnecting(false);
    this.#options.setError(CONNECT_MESSAGES.cancelled);
    connectToast.error('Connection Error', CONNECT_MESSAGES.cancelled);
    this.#listenTimer = setTimeout(() => this.end(), Math.max(0, this.#startedAt + MAX_POLLS * POLL_MS - Date.now()));
  }
}
