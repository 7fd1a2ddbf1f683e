// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../lib/toast';
import { toastTexts } from '../../testing/toasts';
import type { GmailAccount } from './api/list-gmail-accounts';
import {
  CONNECT_MESSAGES,
  MAX_POLLS,
  POLL_MS,
  RELAY_TYPE,
  SIGN_IN_REDIRECT_MS,
  useGmailConnect,
} from './use-gmail-connect';

// The Connect button's flow with its server calls stubbed at the api/ boundary and a stand-in
// popup: what docs/product/email-assistant.md#connecting-gmail says for each way a connection ends.
const api = vi.hoisted(() => ({
  start: vi.fn(),
  complete: vi.fn(),
  list: vi.fn(),
  session: vi.fn(),
}));
vi.mock('./api/start-gmail-connection', () => ({
  startGmailConnection: api.start,
  completeGmailConnection: api.complete,
}));
vi.mock('./api/list-gmail-accounts', () => ({ listGmailAccounts: api.list }));
vi.mock('../../lib/supabase', () => ({ supabase: { auth: { getSession: api.session } } }));

const STATE = 'v1.nonce.user.123.sig';
const AUTH_URL = `http://google.test/o/oauth2/v2/auth?state=${encodeURIComponent(STATE)}`;
const account = (id: string, connectedAt = '2026-11-24T10:00:00Z'): GmailAccount => ({
  id,
  email_address: `${id}@gmail.test`,
  account_status: 'active',
  status_detail: null,
  created_at: connectedAt,
  connected_at: connectedAt,
  last_sync_at: null,
});

type Popup = {
  closed: boolean;
  close: () => void;
  location: { href: string };
  document: { title: string; body: { textContent: string } };
};
let popup: Popup;
let open: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  popup = {
    closed: false,
    close: vi.fn(() => (popup.closed = true)),
    location: { href: 'about:blank' },
    document: { title: '', body: { textContent: '' } },
  };
  open = vi.fn(() => popup);
  vi.stubGlobal('open', open);
  api.session.mockResolvedValue({ data: { session: { access_token: 't' } }, error: null });
  api.start.mockResolvedValue({ ok: true, authUrl: AUTH_URL });
  api.list.mockResolvedValue([account('old')]);
  api.complete.mockResolvedValue({ ok: true, data: { account: { id: 'new', email_address: 'new@gmail.test' } } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  toaster.remove();
});

function setup() {
  const onConnected = vi.fn(() => Promise.resolve());
  const onSignIn = vi.fn();
  const hook = renderHook(() => useGmailConnect({ userId: 'u1', onConnected, onSignIn }));
  return { ...hook, onConnected, onSignIn };
}

/** Clicks Connect and lets the start-up (session, initiate, first list) finish. */
async function connect(hook: ReturnType<typeof setup>) {
  act(() => hook.result.current.connect());
  await act(() => vi.advanceTimersByTimeAsync(0));
}

const relay = (data: Record<string, unknown>, origin = window.location.origin) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data: { type: RELAY_TYPE, ...data }, origin }));
  });

describe('connecting Gmail', () => {
  it('opens a 500×600 popup in the click, sends it to Google, and connects with the code the callback page relays', async () => {
    const hook = setup();
    await connect(hook);
    expect(open).toHaveBeenCalledWith('about:blank', 'chloe-gmail-oauth', 'popup=yes,width=500,height=600');
    expect(popup.location.href).toBe(AUTH_URL);
    expect(hook.result.current.connecting).toBe(true);

    // A relay for another attempt, or from another origin, is not this one's.
    relay({ state: 'v1.other', code: 'c0' });
    relay({ state: STATE, code: 'c1' }, 'https://evil.example');
    expect(api.complete).not.toHaveBeenCalled();

    api.list.mockResolvedValue([account('new'), account('old')]);
    relay({ state: STATE, code: '4/code' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.complete).toHaveBeenCalledWith('4/code', STATE);
    expect(hook.onConnected).toHaveBeenCalledTimes(1);
    expect(popup.close).toHaveBeenCalled();
    expect(hook.result.current).toMatchObject({ connecting: false, error: null });
    expect(toastTexts()).toContain('Success! / Gmail account connected successfully');
  });

  it('also succeeds when the list grows without a relay (the account was connected meanwhile)', async () => {
    const hook = setup();
    await connect(hook);
    api.list.mockResolvedValue([account('new'), account('old')]);
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(hook.onConnected).toHaveBeenCalledTimes(1);
    expect(toastTexts()).toContain('Success! / Gmail account connected successfully');
  });

  it('a mailbox connected again (same count, new connected_at) is a success too', async () => {
    const hook = setup();
    await connect(hook);
    api.list.mockResolvedValue([account('old', '2026-11-24T11:00:00Z')]);
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(toastTexts()).toContain('Success! / Gmail account connected successfully');
  });

  it('is cancelled when the popup is closed, or when Google says access_denied', async () => {
    const hook = setup();
    await connect(hook);
    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(hook.result.current).toMatchObject({ connecting: false, error: CONNECT_MESSAGES.cancelled });
    expect(toastTexts()).toContain(`Connection Error / ${CONNECT_MESSAGES.cancelled}`);

    popup.closed = false;
    act(() => hook.result.current.connect());
    await act(() => vi.advanceTimersByTimeAsync(0));
    relay({ state: STATE, error: 'access_denied' });
    expect(hook.result.current.error).toBe(CONNECT_MESSAGES.cancelled);
    expect(api.complete).not.toHaveBeenCalled();
  });

  it('a popup that only looks closed (Google’s page cut it off): cancelled is said, and a late answer still connects', async () => {
    const hook = setup();
    await connect(hook);
    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(hook.result.current).toMatchObject({ connecting: false, error: CONNECT_MESSAGES.cancelled });
    // The consent finishes 30 s later; its answer comes through the channel.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    relay({ state: STATE, code: '4/late' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.complete).toHaveBeenCalledWith('4/late', STATE);
    expect(hook.result.current).toMatchObject({ connecting: false, error: null });
    expect(toastTexts()).toContain('Success! / Gmail account connected successfully');

    // After the two minutes, nothing is listened for any more.
    api.complete.mockClear();
    const late = setup();
    await connect(late);
    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(MAX_POLLS * POLL_MS));
    relay({ state: STATE, code: '4/too-late' });
    expect(api.complete).not.toHaveBeenCalled();
  });

  it('times out after 60 polls of 2 s, closing the popup: the timeout words and toast', async () => {
    const hook = setup();
    await connect(hook);
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * (MAX_POLLS - 1)));
    expect(hook.result.current.connecting).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    // The first list is the "before"; then one per poll.
    expect(api.list).toHaveBeenCalledTimes(MAX_POLLS + 1);
    expect(hook.result.current).toMatchObject({ connecting: false, error: CONNECT_MESSAGES.timedOut });
    expect(popup.close).toHaveBeenCalled();
    expect(toastTexts()).toContain('Timeout / Gmail connection timed out. Please try again.');
  });

  it('says so when the popup is blocked, or the server sends no URL, or refuses', async () => {
    open.mockReturnValueOnce(null);
    const hook = setup();
    act(() => hook.result.current.connect());
    expect(hook.result.current.error).toBe(CONNECT_MESSAGES.popupBlocked);
    expect(api.start).not.toHaveBeenCalled();

    api.start.mockResolvedValueOnce({ ok: false, kind: 'no-url' });
    await connect(hook);
    expect(hook.result.current.error).toBe(CONNECT_MESSAGES.noUrl);
    expect(popup.close).toHaveBeenCalled();

    api.start.mockResolvedValueOnce({
      ok: false,
      kind: 'http',
      status: 503,
      code: 'gmail_unavailable',
      message: 'Not set up',
      body: null,
    });
    await connect(hook);
    expect(hook.result.current.error).toBe('Function error: Not set up');

    api.start.mockResolvedValueOnce({
      ok: false,
      kind: 'http',
      status: 401,
      code: 'session_expired',
      message: 'Expired',
      body: null,
    });
    await connect(hook);
    expect(hook.result.current.error).toBe('Authentication error: Expired');

    api.complete.mockResolvedValueOnce({
      ok: false,
      kind: 'http',
      status: 403,
      code: 'state_not_yours',
      message: 'Not yours',
      body: null,
    });
    await connect(hook);
    relay({ state: STATE, code: 'c' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(hook.result.current.error).toBe('Function error: Not yours');
  });

  it('without a session: the message, and the sign-in page 2 s later', async () => {
    api.session.mockResolvedValue({ data: { session: null }, error: null });
    const hook = setup();
    await connect(hook);
    expect(hook.result.current.error).toBe(CONNECT_MESSAGES.signIn);
    expect(popup.close).toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(SIGN_IN_REDIRECT_MS - 1));
    expect(hook.onSignIn).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(hook.onSignIn).toHaveBeenCalledTimes(1);
  });

  it('ends its attempt when the page goes: timers stop, the popup closes', async () => {
    const hook = setup();
    await connect(hook);
    hook.unmount();
    expect(popup.close).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(POLL_MS * 5);
    expect(api.list).toHaveBeenCalledTimes(1);
  });
});
