// The conflict log keeps every value that lost, says what replaced it, and which ones the user
// has not seen yet (the header and the field ask for those).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BURST_MS,
  CONFLICT_LOG_COLLECTION,
  ConflictLog,
  conflictLogSchema,
  type ConflictLogEntry,
} from './conflict-log';

addRxPlugin(RxDBMigrationSchemaPlugin);

const device = () => getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }) as RxStorage<unknown, unknown>;
type Db = RxDatabase<{ conflict_log: RxCollection<ConflictLogEntry> }>;
const open: { closed: boolean; close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) if (!db.closed) await db.close();
});

async function logOn(storage = device(), name = `log${crypto.randomUUID().slice(0, 8)}`) {
  const db: Db = await createRxDatabase({
    name,
    storage: wrappedValidateAjvStorage({ storage }),
    multiInstance: false,
  });
  open.push(db);
  await db.addCollections({ conflict_log: CONFLICT_LOG_COLLECTION });
  return new ConflictLog(db.conflict_log);
}

describe('ConflictLog', () => {
  it('keeps values with what replaced them, to review until seen, and keeps them after', async () => {
    const log = await logOn();
    await log.keep(
      'share_subscriptions',
      'd1',
      [{ field: 'subscriber_name', local: 'Mine', server: 'Theirs' }],
      'other-device',
    );
    await log.keep(
      'share_subscriptions',
      'd2',
      [{ field: 'subscriber_phone', local: null, server: '0200' }],
      'this-device',
    );

    const all = await firstValueFrom(log.toReview$());
    expect(all.map((k) => [k.docId, k.field, k.local, k.server, k.replacedBy])).toEqual([
      ['d1', 'subscriber_name', 'Mine', 'Theirs', 'other-device'],
      ['d2', 'subscriber_phone', null, '0200', 'this-device'],
    ]);
    expect(await firstValueFrom(log.counts$())).toEqual({ conflicts: 2, toReview: 2 });
    const ofD2 = await firstValueFrom(log.toReview$({ table: 'share_subscriptions', docId: 'd2' }));
    expect(ofD2.map((k) => k.field)).toEqual(['subscriber_phone']);

    await log.review([all[0]!.id]);
    expect(await firstValueFrom(log.counts$())).toEqual({ conflicts: 2, toReview: 1 });
  });

  it('entries logged before version 1 open as seen, replaced by another device', async () => {
    const storage = device();
    const name = 'before';
    const v0 = await createRxDatabase({ name, storage: wrappedValidateAjvStorage({ storage }), multiInstance: false });
    const { replacedBy: _r, reviewed: _s, ...properties } = conflictLogSchema.properties;
    await v0.addCollections({
      conflict_log: {
        schema: {
          ...conflictLogSchema,
          version: 0,
          properties,
          required: ['id', 'table', 'docId', 'field', 'local', 'server', 'at'],
        },
      },
    });
    await v0.conflict_log!.insert({ id: 'e1', table: 't', docId: 'd', field: 'f', local: '"a"', server: '"b"', at: 1 });
    await v0.close();

    const log = await logOn(storage, name);
    const [entry] = (await log.collection.find().exec()).map((e) => e.toJSON());
    expect(entry).toMatchObject({ id: 'e1', replacedBy: 'other-device', reviewed: true });
    expect(await firstValueFrom(log.counts$())).toEqual({ conflicts: 1, toReview: 0 });
  });

  it('one burst is one entry: values of one field within the burst take one entry, the newest', async () => {
    const log = await logOn();
    const lost = (local: string) => [{ field: 'main_contact_name', local, server: 'Theirs' }];
    await log.keep('assessments', 'a1', lost('A'), 'other-device');
    await log.keep('assessments', 'a1', lost('Al'), 'other-device');
    await log.keep('assessments', 'a1', lost('Alice'), 'other-device');
    const kept = await firstValueFrom(log.toReview$());
    expect(kept.map((k) => [k.field, k.local, k.server])).toEqual([['main_contact_name', 'Alice', 'Theirs']]);
  });

  it('the same loss kept twice (a page going, then its tab) is one entry, whenever it comes', async () => {
    const now = vi.spyOn(Date, 'now');
    try {
      const log = await logOn();
      const lost = [{ field: 'number_of_shares', local: 203000, server: 103000 }];
      now.mockReturnValue(1_000_000);
      await log.keep('share_subscriptions', 'd1', lost, 'other-tab');
      now.mockReturnValue(1_000_000 + BURST_MS * 5);
      await log.keep('share_subscriptions', 'd1', lost, 'other-tab');
      // A different value set aside after the burst is a new burst: an entry of its own.
      now.mockReturnValue(1_000_000 + BURST_MS * 10);
      await log.keep('share_subscriptions', 'd1', [{ ...lost[0]!, local: 204000 }], 'other-tab');
      const kept = await firstValueFrom(log.toReview$());
      expect(kept.map((k) => k.local)).toEqual([203000, 204000]);
    } finally {
      now.mockRestore();
    }
  });

  it('says what it is keeping and has not stored yet, until it has', async () => {
    const log = await logOn();
    const lost = [{ field: 'subscriber_name', local: 'Mine', server: 'Theirs' }];
    const keeping = log.keep('share_subscriptions', 'd1', lost, 'other-device');
    expect(log.unstored('share_subscriptions', 'd1')).toEqual([
      { table: 'share_subscriptions', docId: 'd1', lost, replacedBy: 'other-device' },
    ]);
    expect(log.unstored('share_subscriptions', 'd2')).toEqual([]);
    await keeping;
    expect(log.unstored('share_subscriptions', 'd1')).toEqual([]);
  });
});
