// One refresh per refresh token in this browser. auth-js's lock lets one tab refresh at a time, but
// the tab that takes the lock next may still read the old session: each Chromium tab keeps its own
// copy of localStorage, told of another tab's write some milliseconds later (one-refresh.spec.ts
// caught a tab reading the old token 24 ms after the refreshing tab had let the lock go). That tab
// then sent the refresh token just used, a second refresh of it.
//
// So refreshes go one at a time (a Web Lock of their own), and the answer to one is kept for a minute
// in IndexedDB, which every tab reads from the one copy the browser holds: a refresh token already
// answered gets that answer again, on the device. The answer holds the session, as localStorage
// does; a sign-out drops it (lib/supabase.ts).
import { done, smallDatabase } from './small-database';

const GATE = 'chloe-refresh';
/** Far longer than any tab's stale copy of localStorage; far shorter than a token's hour. */
const KEEP_MS = 60_000;
/** A refresh that hangs longer does not hold the next one: that goes out without the gate. */
const GATE_WAIT_MS = 10_000;

interface KeptAnswer {
  /** The SHA-256 of the refresh token that was sent. */
  sent: string;
  body: string;
  at: number;
}

const answers = smallDatabase('chloe-refresh-answers', 'answers', 'sent');

const canGate = () =>
  typeof indexedDB !== 'undefined' && Boolean(globalThis.navigator?.locks) && Boolean(globalThis.crypto?.subtle);

/**
 * The answer to the refresh that sends `refreshToken`: the one this browser got for it within the
 * last minute, or `send()`'s (kept, when it gives a session). Refreshes wait for each other.
 */
export async function refreshOnce(refreshToken: string | null, send: () => Promise<Response>): Promise<Response> {
  if (!refreshToken || !canGate()) return send();
  const sent = await digest(refreshToken);
  const gated = await inGate(async () => {
    const kept = await keptAnswer(sent);
    if (kept) return new Response(kept.body, { status: 200, headers: { 'content-type': 'application/json' } });
    const response = await send();
    if (response.ok) await keep(sent, await response.clone().text());
    return response;
  });
  return gated ?? send();
}

/** Drops every kept answer (a sign-out: they hold the session). */
export async function forgetRefreshAnswers(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await answers.run('readwrite', (store) => done(store.clear())).catch(() => undefined);
}

/** `work` holding the gate; null if the gate was not free within GATE_WAIT_MS. */
async function inGate<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await navigator.locks.request(GATE, { signal: AbortSignal.timeout(GATE_WAIT_MS) }, work);
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) return null;
    throw error;
  }
}

async function keptAnswer(sent: string): Promise<KeptAnswer | null> {
  const kept = await answers
    .run('readonly', (store) => done(store.get(sent) as IDBRequest<KeptAnswer | undefined>))
    .catch(() => undefined);
  // Abs: a clock set back must not keep an answer for ever.
  return kept && Math.abs(Date.now() - kept.at) < KEEP_MS ? kept : null;
}

/** Keeps `body` as the answer for `sent`, alone: an older answer is of no use past its minute. */
async function keep(sent: string, body: string) {
  if (!isSession(body)) return;
  const answer: KeptAnswer = { sent, body, at: Date.now() };
  await answers
    .run('readwrite', (store) => {
      store.clear();
      return done(store.put(answer));
    })
    .catch(() => undefined);
}

function isSession(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown> | null;
    return typeof parsed?.['access_token'] === 'string' && typeof parsed['refresh_token'] === 'string';
  } catch {
    return false;
  }
}

async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
