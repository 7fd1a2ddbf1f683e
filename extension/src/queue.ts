// Saves waiting to be sent, kept in the extension's storage (so a browser restart loses none):
// one entry per listing (a newer save of it replaces the older, keeping its id), each for the
// user who made it, sent oldest first. Saves the server refused are kept apart until the user has
// seen them.
import type { Refused, SaveRequest } from './messages';
import type { KeyValue } from './storage';

export type Queued = SaveRequest & { userId: string; lastError: string | null };

const KEY = 'chloe-queue';
const REFUSED_KEY = 'chloe-refused';

async function read<T>(storage: KeyValue, key: string): Promise<T[]> {
  const value = await storage.get(key);
  return Array.isArray(value) ? (value as T[]) : [];
}

export const queued = (storage: KeyValue) => read<Queued>(storage, KEY);

// Every change is read, modified and written back: one at a time, or two changes made together
// (a save kept while a flush records its error) would each write back a list missing the other's.
let changing: Promise<unknown> = Promise.resolve();
function change<T>(work: () => Promise<T>): Promise<T> {
  const run = changing.then(work);
  changing = run.catch(() => undefined);
  return run;
}

const sameListing = (a: SaveRequest, b: SaveRequest) => a.portal === b.portal && a.portalId === b.portalId;
const sameSave = (a: Queued, b: Queued) => a.userId === b.userId && a.id === b.id && a.savedAt === b.savedAt;

/** Keeps `request` to send later; the number waiting. */
export function enqueue(storage: KeyValue, userId: string, request: SaveRequest, lastError: string | null) {
  return change(async () => {
    const list = await queued(storage);
    const earlier = list.find((q) => q.userId === userId && sameListing(q, request));
    const entry: Queued = { ...request, id: earlier?.id ?? request.id, userId, lastError };
    const next = [...list.filter((q) => q !== earlier), entry].sort((a, b) => a.savedAt - b.savedAt);
    await storage.set(KEY, next);
    return next.length;
  });
}

/**
 * `request` reached the server directly: a waiting save of the same listing made before it is
 * older news and must not be sent after it (it would overwrite the newer save).
 */
export function settled(storage: KeyValue, userId: string, request: SaveRequest) {
  return change(async () => {
    const list = await queued(storage);
    const next = list.filter((q) => !(q.userId === userId && sameListing(q, request) && q.savedAt <= request.savedAt));
    if (next.length !== list.length) await storage.set(KEY, next);
  });
}

/** The saves of `userId` the server refused, oldest first. */
export async function refusedSaves(storage: KeyValue, userId: string): Promise<Refused[]> {
  return (await read<Refused>(storage, REFUSED_KEY)).filter((r) => r.userId === userId);
}

/** The popup has shown `userId` their refused saves. */
export function dismissRefused(storage: KeyValue, userId: string) {
  return change(async () => {
    const list = await read<Refused>(storage, REFUSED_KEY);
    await storage.set(
      REFUSED_KEY,
      list.filter((r) => r.userId !== userId),
    );
  });
}

export type Send = (entry: Queued) => Promise<{ kind: 'saved' } | { kind: 'retry' | 'refused'; message: string }>;

export type FlushResult = { sent: number; refused: { entry: Queued; message: string }[]; waiting: number };

/**
 * Sends the saves of `userId`, oldest first; stops at the first that cannot be sent now (the rest
 * would fail the same way). A refused one leaves the queue (it would be refused again) for the
 * refused list, which the popup shows until dismissed.
 */
export async function flush(storage: KeyValue, userId: string, send: Send): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, refused: [], waiting: 0 };
  const mine = (await queued(storage)).filter((q) => q.userId === userId);
  for (const [i, entry] of mine.entries()) {
    const outcome = await send(entry);
    if (outcome.kind === 'saved') {
      // Only that save: a newer one of the listing made meanwhile stays.
      await change(async () =>
        storage.set(
          KEY,
          (await queued(storage)).filter((q) => !sameSave(q, entry)),
        ),
      );
      result.sent += 1;
    } else if (outcome.kind === 'refused') {
      await change(async () => {
        await storage.set(
          KEY,
          (await queued(storage)).filter((q) => !sameSave(q, entry)),
        );
        const refused: Refused = {
          userId,
          title: entry.fields.title,
          address: entry.fields.address,
          message: outcome.message,
          at: entry.savedAt,
        };
        await storage.set(REFUSED_KEY, [...(await read<Refused>(storage, REFUSED_KEY)), refused]);
      });
      result.refused.push({ entry, message: outcome.message });
    } else {
      await change(async () =>
        storage.set(
          KEY,
          (await queued(storage)).map((q) => (sameSave(q, entry) ? { ...q, lastError: outcome.message } : q)),
        ),
      );
      result.waiting = mine.length - i;
      break;
    }
  }
  return result;
}
