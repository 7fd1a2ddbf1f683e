// The saves waiting to be sent: one per listing, oldest first, kept across restarts (storage), and
// a flush that stops at the first save that cannot go yet.
import { describe, expect, it } from 'vitest';
import type { SaveRequest } from './messages';
import { dismissRefused, enqueue, flush, queued, refusedSaves, settled, type Queued, type Send } from './queue';
import { memoryStorage } from './storage';

const fields = {
  title: '3 bedroom semi-detached house for sale',
  address: 'Mill Lane, Bristol, BS3',
  price: 415000,
  bedrooms: 3,
  propertyType: 'Semi-Detached',
  keyFeatures: ['Garden'],
  agentName: null,
  agencyName: null,
};

let clock = 1_000;
function request(portalId: string, id = `id-${portalId}-${clock}`): SaveRequest {
  clock += 1;
  return {
    id,
    portal: 'rightmove',
    portalId,
    url: `https://www.rightmove.co.uk/properties/${portalId}`,
    fields,
    savedAt: clock,
  };
}

describe('the queue of saves waiting to be sent', () => {
  it('keeps one entry per listing per user: a newer save replaces the older and keeps its id', async () => {
    const storage = memoryStorage();
    const first = request('1');
    expect(await enqueue(storage, 'u1', first, 'offline')).toBe(1);
    expect(await enqueue(storage, 'u1', request('2'), 'offline')).toBe(2);
    const again = { ...request('1'), fields: { ...fields, price: 400000 } };
    expect(await enqueue(storage, 'u1', again, 'offline')).toBe(2);
    // Another user's save of the same listing is theirs.
    expect(await enqueue(storage, 'u2', request('1'), 'offline')).toBe(3);
    const list = await queued(storage);
    expect(list.map((q) => [q.userId, q.portalId])).toEqual([
      ['u1', '2'],
      ['u1', '1'],
      ['u2', '1'],
    ]);
    const replaced = list.find((q) => q.userId === 'u1' && q.portalId === '1');
    expect(replaced).toMatchObject({ id: first.id, fields: { price: 400000 }, savedAt: again.savedAt });
  });

  it('survives a restart: what is stored is read back by a new reader', async () => {
    const storage = memoryStorage();
    await enqueue(storage, 'u1', request('7'), 'Failed to fetch');
    // A new service worker (the browser restarted) reads the same storage.
    const fresh = { get: storage.get, set: storage.set, remove: storage.remove };
    expect(await queued(fresh)).toMatchObject([{ portalId: '7', userId: 'u1', lastError: 'Failed to fetch' }]);
  });

  it('flush sends this user’s saves oldest first and stops at the first that cannot go', async () => {
    const storage = memoryStorage();
    for (const id of ['a', 'b', 'c']) await enqueue(storage, 'u1', request(id), null);
    await enqueue(storage, 'u2', request('z'), null);
    const sent: string[] = [];
    const send: Send = (entry) => {
      sent.push(entry.portalId);
      return Promise.resolve(
        entry.portalId === 'b' ? { kind: 'retry', message: 'Failed to fetch' } : { kind: 'saved' },
      );
    };
    expect(await flush(storage, 'u1', send)).toEqual({ sent: 1, refused: [], waiting: 2 });
    expect(sent).toEqual(['a', 'b']);
    const left = await queued(storage);
    expect(left.map((q: Queued) => [q.userId, q.portalId, q.lastError])).toEqual([
      ['u1', 'b', 'Failed to fetch'],
      ['u1', 'c', null],
      ['u2', 'z', null],
    ]);
  });

  it('a refused save leaves the queue (it would be refused again) and is reported', async () => {
    const storage = memoryStorage();
    await enqueue(storage, 'u1', request('bad'), null);
    await enqueue(storage, 'u1', request('good'), null);
    const result = await flush(storage, 'u1', (entry) =>
      Promise.resolve(
        entry.portalId === 'bad'
          ? { kind: 'refused', message: 'saved_properties_title_at_most_500_chars' }
          : { kind: 'saved' },
      ),
    );
    expect(result.sent).toBe(1);
    expect(result.refused.map((r) => [r.entry.portalId, r.message])).toEqual([
      ['bad', 'saved_properties_title_at_most_500_chars'],
    ]);
    expect(await queued(storage)).toEqual([]);
    // Kept for the popup to say, for this user only, until dismissed.
    expect(await refusedSaves(storage, 'u1')).toMatchObject([
      { title: fields.title, address: fields.address, message: 'saved_properties_title_at_most_500_chars' },
    ]);
    expect(await refusedSaves(storage, 'u2')).toEqual([]);
    await dismissRefused(storage, 'u1');
    expect(await refusedSaves(storage, 'u1')).toEqual([]);
  });

  it('changes made at the same moment are all kept (a save kept while a flush records its error)', async () => {
    const storage = memoryStorage();
    await enqueue(storage, 'u1', request('a'), null);
    // Storage that answers slowly, as chrome.storage does: reads and writes of two changes interleave.
    const slow = {
      get: async (key: string) => {
        await new Promise((r) => setTimeout(r, 5));
        return storage.get(key);
      },
      set: async (key: string, value: unknown) => {
        await new Promise((r) => setTimeout(r, 5));
        return storage.set(key, value);
      },
      remove: storage.remove,
    };
    await Promise.all([
      flush(slow, 'u1', () => Promise.resolve({ kind: 'retry', message: 'Failed to fetch' })),
      enqueue(slow, 'u1', request('b'), 'offline'),
      enqueue(slow, 'u1', request('c'), 'offline'),
    ]);
    expect((await queued(storage)).map((q) => [q.portalId, q.lastError])).toEqual([
      ['a', 'Failed to fetch'],
      ['b', 'offline'],
      ['c', 'offline'],
    ]);
  });

  it('a save that reached the server directly takes the older waiting save of its listing away, not a newer one', async () => {
    const storage = memoryStorage();
    const older = request('1');
    await enqueue(storage, 'u1', older, 'Failed to fetch');
    await enqueue(storage, 'u1', request('2'), 'Failed to fetch');
    const direct = request('1');
    await settled(storage, 'u1', direct);
    expect((await queued(storage)).map((q) => q.portalId)).toEqual(['2']);
    // A save of the listing made after the direct one stays to be sent.
    const later = request('2');
    await enqueue(storage, 'u1', later, 'offline');
    await settled(storage, 'u1', { ...later, savedAt: later.savedAt - 1 });
    expect((await queued(storage)).map((q) => q.portalId)).toEqual(['2']);
  });

  it('a save made while one is being sent is not dropped when the sent one leaves', async () => {
    const storage = memoryStorage();
    await enqueue(storage, 'u1', request('1'), null);
    const newer = { ...request('1'), fields: { ...fields, price: 1 } };
    await flush(storage, 'u1', async () => {
      // The popup saves the listing again while the older save is on its way.
      await enqueue(storage, 'u1', newer, 'offline');
      return { kind: 'saved' };
    });
    expect(await queued(storage)).toMatchObject([{ portalId: '1', savedAt: newer.savedAt, fields: { price: 1 } }]);
  });
});
