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

function asSyncError(error: unknown): SyncError {
  const raw = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  const code = typeof raw === 'string' ? raw : undefined;
  const message = errorMessage(error) || 'Unknown sync error';
  const network = /fetch|network|load failed|timed? ?out/i.test(message) || code === '' || code === undefined;
  return new SyncError(
    network ? 'The server cannot be reached' : message,
    code,
    network || code?.startsWith('PGRST') === true,
  );
}

const isExpiredJwt = (error: { message?: string; code?: string }) =>
  error.code === 'PGRST303' || /jwt expired/i.test(error.message ?? '');

export interface ReplicationHooks {
  /** Resolves when the next request may go (the engine's backoff after failures). */
  ready: () => Promise<void>;
  /** A handler call finished: `error` is null on success. */
  onAttempt: (error: SyncError | null) => void;
}

type Answer = { data: Json; error: { message: string; code?: string } | null };

/**
 * One request of the sync, after the engine's backoff: its answer's data, or a SyncError. An
 * access token the server finds expired (a device asleep, a clock running behind) is refreshed and
 * the request sent again: that is not a sync problem to show anyone.
 */
export async function callServer(client: DatabaseClient, send: () => PromiseLike<Answer>, hooks: ReplicationHooks) {
  await hooks.ready();
  let result;
  try {
    result = await send();
    if (result.error && isExpiredJwt(result.error)) {
      const { error } = await client.auth.refreshSession();
      if (!error) result = await send();
    }
  } catch (error) {
    const e = asSyncError(error);
    hooks.onAttempt(e);
    throw e;
  }
  if (result.error) {
    const e = asSyncError(result.error);
    hooks.onAttempt(e);
    throw e;
  }
  hooks.onAttempt(null);
  return result.data;
}
