// The conflict log's entries from older versions open with what they said, in the newest shape.
import { createRxDatabase, type TopLevelProperty } from 'rxdb';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { closeLogs, device, logOn } from '../testing/conflict-log';
import { conflictLogSchema } from './conflict-log';

afterEach(closeLogs);

describe('ConflictLog migrations', () => {
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

  it.each([2, 3])('entries logged at version %i are of bursts not known', async (version) => {
    const storage = device();
    const name = `v${version}`;
    const old = await createRxDatabase({ name, storage: wrappedValidateAjvStorage({ storage }), multiInstance: false });
    const { burst: _b, typed: _t, ...properties } = conflictLogSchema.properties;
    // Version 3 (never released) kept a burst's values, not its id.
    const typed: Record<string, TopLevelProperty> =
      version === 3 ? { typed: { type: 'array', items: { type: 'string' } } } : {};
    const identity = (d: unknown) => d;
    await old.addCollections({
      conflict_log: {
        schema: {
          ...conflictLogSchema,
          version,
          properties: { ...properties, ...typed },
          required: conflictLogSchema.required!.filter((f) => f !== 'burst' && f !== 'typed'),
        },
        migrationStrategies: version === 3 ? { 1: identity, 2: identity, 3: identity } : { 1: identity, 2: identity },
      },
    });
    await old.conflict_log!.insert({
      id: 'e2',
      table: 't',
      docId: 'd',
      field: 'f',
      local: '"a"',
      server: '"b"',
      at: 1,
      replacedBy: 'this-tab',
      reviewed: false,
      ...(version === 3 ? { typed: ['"a"'] } : {}),
    });
    await old.close();

    const log = await logOn(storage, name);
    const [entry] = (await log.collection.find().exec()).map((e) => e.toJSON());
    const typedThen = version === 3 ? ['"a"'] : [];
    expect(entry).toMatchObject({ id: 'e2', replacedBy: 'this-tab', reviewed: false, burst: '', typed: typedThen });
  });
});
