// Saves waiting to be sent, kept in the extension's storage (so a browser restart loses none):
// one entry per listing (a newer save of it replaces the older, keeping its id), each for the
// user who made it, sent oldest first.
import type { SaveRequest } from './messages';
import type { KeyValue } from './storage';

export type Queued = SaveRequest & { userId: string; lastError: string | null };

const KEY = 'chloe-queue';

export async function queued(storage: KeyValue): Promise<Queued[]> {
  const value = await storage.get(KEY);
  return Array.isArray(value) ? (value as Queued[]) : [];
}

const sameListing = (a: SaveRequest, b: SaveRequest) => a.portal === b.portal && a.portalId === b.portalId;

/** Keeps `request` to send later; the number waiting. */
export async function enqueue(storage: KeyValue, userId: string, request: SaveRequest, lastError: string | null) {
  const list = await queued(storage);
  const earlier = list.find((q) => q.userId === userId && sameListing(q, request));
  const entry: Queued = { ...request, id: earlier?.id ?? request.id, userId, lastError };
  const next = [...list.filter((q) => q !== earlier), entry].sort((a, b) => a.savedAt - b.savedAt);
  await storage.set(KEY, next);
  return next.length;
}

async function remove(storage: KeyValue, entry: Queued) {
  // Only that save: a newer one of the listing made meanwhile stays.
  const list = await queued(storage);
  await storage.set(
    KEY,
    list.filter((q) => !(q.userId === entry.userId && q.id === entry.id && q.savedAt === entry.savedAt)),
  );
}

export type Send = (entry: Queued) => Promise<{ kind: 'saved' } | { kind: 'retry' | 'refused'; message: string }>;

export type FlushResult = { sent: number; refused: { entry: Queued; message: string }[]; waiting: number };

/**
 * Sends the saves of `userId`, oldest first; stops at the first that cannot be sent now (the rest
 * would fail the same way). A refused one leaves the queue (it would be refused again) and is
 * reported, so the popup can say which.
 */
export async function flush(storage: KeyValue, userId: string, send: Send): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, refused: [], waiting: 0 };
  const mine = (await queued(storage)).filter((q) => q.userId === userId);
  for (const [i, entry] of mine.entries()) {
    const outcome = await send(entry);
    if (outcome.kind === 'saved') {
      await remove(storage, entry);
      result.sent += 1;
    } else if (outcome.kind === 'refused') {
      await remove(storage, entry);
      result.refused.push({ entry, message: outcome.message });
    } else {
      const list = await queued(storage);
      await storage.set(
        KEY,
        list.map((q) => (q.id === entry.id && q.savedAt === entry.savedAt ? { ...q, lastError: outcome.message } : q)),
      );
      result.waiting = mine.length - i;
      break;
    }
  }
  return result;
}
