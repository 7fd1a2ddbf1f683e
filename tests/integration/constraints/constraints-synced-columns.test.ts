// Every validation rule the database enforces, refused through the real API with a clear error:
// the SQLSTATE and the rule's name in the message. Also the defaults a new row gets and the
// columns the server owns.
//
// Here: the columns the server owns on synced tables.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteUsers, expectRefused, newUser, sql } from '../fixtures';
import { newOwner, type Owner, removeOwner } from './constraints-fixtures';

let owner: Owner;
beforeAll(async () => void (owner = await newOwner()));
afterAll(() => removeOwner(owner));

describe('server-owned columns of synced tables', () => {
  it('overwrites _modified, created_at and updated_at sent by the client', async () => {
    const id = randomUUID();
    const before = Date.now();
    const { error } = await owner.client.from('saved_properties').insert({
      id,
      user_id: owner.id,
      title: 'Clock test',
      _modified: '2000-01-01T00:00:00Z',
      created_at: '2000-01-01T00:00:00Z',
      updated_at: '2000-01-01T00:00:00Z',
    });
    expect(error).toBeNull();
    const [row] = await sql<{ _modified: Date; created_at: Date; updated_at: Date }>(
      'select _modified, created_at, updated_at from public.saved_properties where id = $1',
      [id],
    );
    for (const at of [row?._modified, row?.created_at, row?.updated_at]) {
      expect(Math.abs((at?.getTime() ?? 0) - before)).toBeLessThan(60_000);
    }

    const upd = await owner.client
      .from('saved_properties')
      .update({ title: 'Clock test 2', _modified: '2000-01-01T00:00:00Z', created_at: '2000-01-01T00:00:00Z' })
      .eq('id', id);
    expect(upd.error).toBeNull();
    const [after] = await sql<{ _modified: Date; created_at: Date }>(
      'select _modified, created_at from public.saved_properties where id = $1',
      [id],
    );
    expect(after?._modified.getTime()).toBeGreaterThanOrEqual(row?._modified.getTime() ?? Infinity);
    expect(after?.created_at.getTime()).toBe(row?.created_at.getTime());
  });

  it('_modified increases between writes of one transaction (clock_timestamp, not now())', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    // Two statements in one transaction: now() would give both rows the same value.
    await sql(
      `begin;
       insert into public.saved_properties (id, user_id, title) values ('${a}', '${owner.id}', 'a');
       insert into public.saved_properties (id, user_id, title) values ('${b}', '${owner.id}', 'b');
       commit;`,
    );
    const rows = await sql<{ id: string; later: boolean }>(
      `select a.id, b._modified > a._modified as later
         from public.saved_properties a, public.saved_properties b where a.id = $1 and b.id = $2`,
      [a, b],
    );
    expect(rows).toEqual([{ id: a, later: true }]);
  });

  it('refuses to change the id of a synced row', async () => {
    const id = randomUUID();
    expect(
      (await owner.client.from('saved_properties').insert({ id, user_id: owner.id, title: 'Id test' })).error,
    ).toBeNull();
    const { error } = await owner.client.from('saved_properties').update({ id: randomUUID() }).eq('id', id);
    expectRefused(error, '23514', 'sync_id_is_immutable');
  });

  it('a row cannot be handed to another user', async () => {
    const stranger = await newUser();
    try {
      const id = randomUUID();
      expect(
        (await owner.client.from('saved_properties').insert({ id, user_id: owner.id, title: 'Mine' })).error,
      ).toBeNull();
      const { error } = await owner.client.from('saved_properties').update({ user_id: stranger.user.id }).eq('id', id);
      expectRefused(error, '42501', 'row-level security');
    } finally {
      await deleteUsers([stranger.user.id]);
    }
  });
});
