import { errorMessage } from '../lib/errors';
import type { Json } from '../generated/database.types';
import type { DatabaseClient } from './client';

export class SyncError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    /** Worth retrying (network, server busy) rather than a refusal that will not change. */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** The session went (a refresh failed) or is not usable now: the request waits for the next one. */
export const NOT_SIGNED_IN = 'Your sign-in could not be renewed';

/** PostgREST refusing the token itself (expired, or not verifying: a rotated key, a corrupted copy). */
const isRefusedJwt = (error: { message?: string; code?: string }) =>
  ['PGRST301', 'PGRST302', 'PGRST303'].includes(error.code ?? '') || /jwt expired|JWSError/i.test(error.message ?? '');

function asSyncError(error: unknown): SyncError {
  const raw = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  const code = typeof raw === 'string' ? raw : undefined;
  const message = errorMessage(error) || 'Unknown sync error';
  // Never PostgREST's own words ("JWSError JWSInvalidSignature"): the app renews or signs out.
  if (isRefusedJwt({ message, ...(code ? { code } : {}) })) return new SyncError(NOT_SIGNED_IN, code, true);
  const network = /fetch|network|load failed|timed? ?out/i.test(message) || code === '' || code === undefined;
  return new SyncError(
    network ? 'The server cannot be reached' : message,
    code,
    network || code?.startsWith('PGRST') === true,
  );
}

export interface ReplicationHooks {
  /** Resolves when the next request may go (the engine's backoff after failures). */
  ready: () => Promise<void>;
  /** A handler call that started at `startedAt` (ms) finished: `error` is null on success. */
  onAttempt: (error: SyncError | null, startedAt?: number) => void;
  /**
   * Whether the session this sync sends as is still there (absent: it needs none, as an
   * assessment link's). Without it supabase-js sends as anonymous, and a push is refused as
   * someone else's change: a session ended elsewhere would leave the change refused for good.
   */
  signedIn?: () => Promise<boolean>;
}

async function checkSignedIn(hooks: ReplicationHooks) {
  if (hooks.signedIn && !(await hooks.signedIn())) throw new SyncError(NOT_SIGNED_IN, undefined, true);
}

type Answer = { data: Json; error: { message: string; code?: string } | null };

/**
 * One request of the sync, after the engine's backoff: its answer's data, or a SyncError. An
 * access token the server finds expired (a device asleep, a clock running behind) is refreshed and
 * the request sent again: that is not a sync problem to show anyone.
 */
export async function callServer(client: DatabaseClient, send: () => PromiseLike<Answer>, hooks: ReplicationHooks) {
  await hooks.ready();
  const startedAt = Date.now();
  let result;
  try {
    await checkSignedIn(hooks);
    result = await send();
    if (result.error && isRefusedJwt(result.error)) {
      const { error } = await client.auth.refreshSession();
      if (!error) result = await send();
    }
    // The refresh supabase-js makes before sending can fail and end the session: the request then
    // went as anonymous, and its answer is not this user's.
    await checkSignedIn(hooks);
  } catch (error) {
    const e = error instanceof SyncError ? error : asSyncError(error);
    hooks.onAttempt(e, startedAt);
    throw e;
  }
  if (result.error) {
    const e = asSyncError(result.error);
    hooks.onAttempt(e, startedAt);
    throw e;
  }
  hooks.onAttempt(null, startedAt);
  return result.data;
}
