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
  type ReplacedBy,
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

  it('a burst is told by the values it went through: its losses are one entry, another burst’s never', async () => {
    const log = await logOn();
    const keep = (local: unknown, by: ReplacedBy, typed?: unknown[]) =>
      log.keep('share_subscriptions', 'd1', [{ field: 'number_of_shares', local, server: 297000, typed }], by);
    // This tab typed over a value another tab had just stored (its 951000), unseen...
    await keep(951000, 'this-tab', []);
    // ...and this device's own 55000, pushed, was refused a moment later: another burst.
    await keep(55000, 'other-device');
    // The other tab's burst ends lost: its values include the one replaced, so it is that entry.
    await keep(951500, 'other-tab', [9, 95, 951000]);
    // This tab's burst ends lost on 552000, having gone through the refused 55000: that entry.
    await keep(552000, 'other-device', [5, 55000]);
    // A refusal of a value that burst went through, told late: the entry keeps its later value.
    await keep(55000, 'other-device');
    const kept = await firstValueFrom(log.toReview$());
    expect(kept.map((k) => [k.local, k.replacedBy]).sort()).toEqual([
      [552000, 'other-device'],
      [951500, 'other-tab'],
    ]);
  });

  it('two tabs’ bursts lost together are two entries; a refusal taken in later keeps the later value', async () => {
    const log = await logOn();
    const keep = (local: string, server: string, typed: string[]) =>
      log.keep('assessments', 'a1', [{ field: 'main_contact_name', local, server, typed }], 'other-device');
    await keep('Tab one', 'Device', ['T', 'Ta', 'Tab', 'Tab ', 'Tab o', 'Tab on']);
    await keep('Tab two', 'Device', ['T', 'Ta', 'Tab', 'Tab ', 'Tab t', 'Tab tw']);
    await log.keep(
      'assessments',
      'a1',
      [{ field: 'main_contact_name', local: 'Tab o', server: 'Device 2' }],
      'other-device',
    );
    const kept = await firstValueFrom(log.toReview$());
    expect(kept.map((k) => [k.local, k.server]).sort()).toEqual([
      ['Tab one', 'Device 2'],
      ['Tab two', 'Device'],
    ]);
  });

  it('entries logged before version 3 are of bursts not known', async () => {
    const storage = device();
    const name = 'v2';
    const v2 = await createRxDatabase({ name, storage: wrappedValidateAjvStorage({ storage }), multiInstance: false });
    const { typed: _t, ...properties } = conflictLogSchema.properties;
    await v2.addCollections({
      conflict_log: {
        schema: {
          ...conflictLogSchema,
          version: 2,
          properties,
          required: conflictLogSchema.required!.filter((f) => f !== 'typed'),
        },
        migrationStrategies: { 1: (d: unknown) => d, 2: (d: unknown) => d },
      },
    });
    await v2.conflict_log!.insert({
      id: 'e2',
      table: 't',
      docId: 'd',
      field: 'f',
      local: '"a"',
      server: '"b"',
      at: 1,
      replacedBy: 'this-tab',
      reviewed: false,
    });
    await v2.close();

    const log = await logOn(storage, name);
    const [entry] = (await log.collection.find().exec()).map((e) => e.toJSON());
    expect(entry).toMatchObject({ id: 'e2', replacedBy: 'this-tab', reviewed: false, typed: [] });
  });

  it('a value set aside that stands again (put back elsewhere) has nothing to review, and stays kept', async () => {
    const log = await logOn();
    await log.keep(
      'share_subscriptions',
      'd1',
      [{ field: 'subscriber_name', local: 'Name From A', server: 'B' }],
      'other-device',
    );
    await log.keep(
      'share_subscriptions',
      'd1',
      [{ field: 'subscriber_phone', local: '0100', server: '0200' }],
      'other-device',
    );
    await log.keep(
      'share_subscriptions',
      'd2',
      [{ field: 'subscriber_name', local: 'Name From A', server: 'C' }],
      'other-device',
    );
    await log.standing('share_subscriptions', [{ id: 'd1', subscriber_name: 'Name From A', subscriber_phone: '0200' }]);
    const toReview = await firstValueFrom(log.toReview$());
    expect(toReview.map((k) => [k.docId, k.field])).toEqual([
      ['d1', 'subscriber_phone'],
      ['d2', 'subscriber_name'],
    ]);
    expect(await firstValueFrom(log.counts$())).toEqual({ conflicts: 3, toReview: 2 });
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
