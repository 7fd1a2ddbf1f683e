// One refresh per refresh token in this browser. auth-js's lock lets one tab refresh at a time, but
// the tab that takes the lock next may still read the old session: each Chromium tab keeps its own
// copy of localStorage, told of another tab's write some milliseconds later (one-refresh.spec.ts
// caught a tab reading the old token 24 ms after the refreshing tab had let the lock go). That tab
// then sent the refresh token just used, a second refresh of it.
//
// So refreshes go one at a time (a Web Lock of their own), and the answer to one is kept for a minute
// in IndexedDB, which every tab reads from the one copy the browser holds: a refresh token already
// answered gets that answer again, on the device. The answer holds the session, as localStorage
// does: a sign-out (lib/supabase.ts) and a refused refresh drop it, in turn with the refreshes, and
// it is deleted once its minute is over.
import { done, smallDatabase } from './small-database';

const GATE = 'chloe-refresh';
/** Far longer than any tab's stale copy of localStorage; far shorter than a token's hour. */
const KEEP_MS = 60_000;
/**
 * A refresh that hangs longer does not hold the next one: that goes out without the gate (a second
 * refresh of the token, which the auth service's reuse interval answers, rather than none).
 */
const GATE_WAIT_MS = 10_000;
/** IndexedDB stuck (WebKit holds a page's transactions in its back/forward cache): go on without it. */
const STORAGE_WAIT_MS = 2000;

/** The auth service's answers to a refresh token it will not renew (400 not found, 401, 403). */
const ENDED = new Set([400, 401, 403]);

export const ANSWERS_DATABASE = 'chloe-refresh-answers';

interface KeptAnswer {
  /** The SHA-256 of the refresh token that was sent. */
  sent: string;
  body: string;
  at: number;
}

const answers = smallDatabase(ANSWERS_DATABASE, 'answers', 'sent');

const canGate = () =>
  typeof indexedDB !== 'undefined' && Boolean(globalThis.navigator?.locks) && Boolean(globalThis.crypto?.subtle);

/**
 * The answer to the refresh that sends `refreshToken`: the one this browser got for it within the
 * last minute, or `send()`'s (kept, when it gives a session). Refreshes wait for each other. A kept
 * answer whose session `endedHere` (signed out on this device) is not given: `send()` answers.
 */
export async function refreshOnce(
  refreshToken: string | null,
  send: () => Promise<Response>,
  endedHere: (refreshToken: string) => boolean = () => false,
): Promise<Response> {
  if (!refreshToken || !canGate()) return send();
  const sent = await digest(refreshToken);
  const fromKept = async () => {
    const kept = await keptAnswer(sent);
    return kept && !endedHere(refreshTokenIn(kept.body)) ? answerOf(kept) : null;
  };
  const gated = await inGate(async () => {
    const kept = await fromKept();
    if (kept) return kept;
    const response = await send();
    if (response.ok) await keep(sent, await response.clone().text());
    // A refresh token refused: the session has ended, and what was kept of it goes.
    else if (ENDED.has(response.status)) await clearAnswers();
    return response;
  });
  // The gate was not free in time: an answer kept meanwhile still serves.
  return gated ?? (await fromKept()) ?? send();
}

/** Drops every kept answer (a sign-out: they hold the session), after any refresh under way. */
export async function forgetRefreshAnswers(): Promise<void> {
  if (!canGate()) return;
  if ((await inGate(clearAnswers)) === null) await clearAnswers();
}

const clearAnswers = () => bounded(answers.run('readwrite', (store) => done(store.clear())));

/** `work` holding the gate; null if the gate was not free within GATE_WAIT_MS. */
async function inGate<T>(work: () => Promise<T>): Promise<T | null> {
  let started = false;
  try {
    return await navigator.locks.request(GATE, { signal: AbortSignal.timeout(GATE_WAIT_MS) }, () => {
      started = true;
      return work();
    });
  } catch (error) {
    // Only a wait that timed out: an error of the work itself is the caller's.
    if (!started && error instanceof DOMException && ['TimeoutError', 'AbortError'].includes(error.name)) return null;
    throw error;
  }
}

async function keptAnswer(sent: string): Promise<KeptAnswer | null> {
  const kept = await bounded(
    answers.run('readonly', (store) => done(store.get(sent) as IDBRequest<KeptAnswer | undefined>)),
  );
  if (!kept) return null;
  if (fresh(kept)) return kept;
  await bounded(answers.run('readwrite', (store) => done(store.delete(sent))));
  return null;
}

/** Keeps `body` as the answer for `sent`; answers past their minute go (they hold a session). */
async function keep(sent: string, body: string) {
  if (!refreshTokenIn(body)) return;
  const answer: KeptAnswer = { sent, body, at: Date.now() };
  await bounded(
    answers.run('readwrite', async (store) => {
      const all = await done(store.getAll() as IDBRequest<KeptAnswer[]>);
      for (const old of all) if (!fresh(old)) store.delete(old.sent);
      return done(store.put(answer));
    }),
  );
  // Deleted when its minute is over, if this page is still open then (else at the next refresh).
  setTimeout(() => void keptAnswer(sent), KEEP_MS + 1000);
}

// Abs: a clock set back must not keep an answer for ever.
const fresh = (answer: KeptAnswer) => Math.abs(Date.now() - answer.at) < KEEP_MS;

const answerOf = (kept: KeptAnswer) =>
  new Response(kept.body, { status: 200, headers: { 'content-type': 'application/json' } });

/** IndexedDB's answer, or undefined if it failed or took longer than STORAGE_WAIT_MS. */
function bounded<T>(work: Promise<T>): Promise<T | undefined> {
  return new Promise((resolve) => {
    const late = setTimeout(() => resolve(undefined), STORAGE_WAIT_MS);
    void work.then(resolve, () => resolve(undefined)).finally(() => clearTimeout(late));
  });
}

/** The refresh token of a session answer ('' if it is none). */
function refreshTokenIn(body: string): string {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown> | null;
    const token = parsed?.['refresh_token'];
    return typeof parsed?.['access_token'] === 'string' && typeof token === 'string' ? token : '';
  } catch {
    return '';
  }
}

async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
