// sync_push (supabase/schemas/sync/40-push.sql): a push whose rows are all new goes in with one
// insert; any refusal among them sends the whole push row by row, so the answer is the one the
// per-row path gives.
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_PROPERTIES_PER_USER } from '../../../src/lib/limits';
import { sql } from '../fixtures';
import { dbRow, property, push, removeSyncData, user } from '../sync-fixtures';

afterAll(removeSyncData);

const rowsOf = (userId: string) =>
  sql<{ id: string; title: string }>('select id, title from public.saved_properties where user_id = $1', [userId]);

describe('a push of new rows', () => {
  it('lands every row, each stamped with the device that wrote it (what a push after a lost answer relies on)', async () => {
    const a = await user();
    const rows = Array.from({ length: 200 }, (_, i) => property(a, `Flat ${i}`));
    const result = await push(
      a.client,
      'saved_properties',
      rows.map((r) => ({ new: r, assumed: null, writer: 'device-a' })),
    );
    expect(result).toEqual({ conflicts: [], errors: [] });
    expect(await rowsOf(a.user.id)).toHaveLength(200);
    for (const i of [0, 117, 199]) {
      const row = await dbRow('saved_properties', rows[i]!.id);
      expect(row).toMatchObject({ title: `Flat ${i}`, _writer: 'device-a' });
      expect(row).not.toHaveProperty('_landed');
    }
  });

  it('refuses one bad row by name and keeps the others', async () => {
    const a = await user();
    const good = [property(a, 'Good 1'), property(a, 'Good 2')];
    const bad = property(a, 'x'.repeat(501), { address: '1 Short Street' });
    const result = await push(
      a.client,
      'saved_properties',
      [good[0]!, bad, good[1]!].map((r) => ({ new: r, assumed: null, writer: 'device-a' })),
    );
    expect(result.conflicts).toEqual([]);
    expect(result.errors).toEqual([
      expect.objectContaining({ id: bad.id, code: '23514', constraint: 'saved_properties_title_at_most_500_chars' }),
    ]);
    expect((await rowsOf(a.user.id)).map((r) => r.title).sort()).toEqual(['Good 1', 'Good 2']);
  });

  it("refuses a row whose id is another account's, and keeps the others", async () => {
    const [a, b] = [await user(), await user()];
    const theirs = property(b, 'Theirs');
    expect(await push(b.client, 'saved_properties', [{ new: theirs, assumed: null }])).toEqual({
      conflicts: [],
      errors: [],
    });
    const mine = property(a, 'Mine');
    const result = await push(a.client, 'saved_properties', [
      { new: mine, assumed: null },
      { new: { ...theirs, user_id: a.user.id, title: 'Taken over' }, assumed: null },
    ]);
    expect(result.errors).toEqual([expect.objectContaining({ id: theirs.id, constraint: 'sync_id_taken' })]);
    expect((await rowsOf(a.user.id)).map((r) => r.title)).toEqual(['Mine']);
    expect(await dbRow('saved_properties', theirs.id)).toMatchObject({ title: 'Theirs', user_id: b.user.id });
  });

  it('takes a push that crosses the 5,000-properties limit up to the limit, and names the rows over it', async () => {
    const a = await user();
    await sql(
      `insert into public.saved_properties (user_id, title) select $1, 'Flat ' || n from generate_series(1, $2) as n`,
      [a.user.id, MAX_SAVED_PROPERTIES_PER_USER - 2],
    );
    const rows = Array.from({ length: 5 }, (_, i) => property(a, `Over ${i}`));
    const result = await push(
      a.client,
      'saved_properties',
      rows.map((r) => ({ new: r, assumed: null })),
    );
    expect(result.conflicts).toEqual([]);
    expect(result.errors.map((e) => e.id)).toEqual(rows.slice(2).map((r) => r.id));
    expect(result.errors[0]).toMatchObject({ code: '54000', constraint: 'saved_properties_at_most_5000_per_user' });
    expect(await rowsOf(a.user.id)).toHaveLength(MAX_SAVED_PROPERTIES_PER_USER);
  });

  it('takes new rows and changes together, the same as row by row', async () => {
    const a = await user();
    const first = property(a, 'Before');
    expect(await push(a.client, 'saved_properties', [{ new: first, assumed: null }])).toEqual({
      conflicts: [],
      errors: [],
    });
    const server = (await dbRow('saved_properties', first.id))!;
    const added = property(a, 'Added');
    const result = await push(a.client, 'saved_properties', [
      { new: added, assumed: null },
      { new: { ...server, title: 'After' }, assumed: server },
    ]);
    expect(result).toEqual({ conflicts: [], errors: [] });
    expect((await rowsOf(a.user.id)).map((r) => r.title).sort()).toEqual(['Added', 'After']);
  });

  it("takes a repeat of a push that landed (its answer lost) as the same device's write, inserting nothing twice", async () => {
    const a = await user();
    const rows = [property(a, 'One'), property(a, 'Two')];
    const sent = rows.map((r) => ({ new: r, assumed: null, writer: 'device-a' }));
    expect(await push(a.client, 'saved_properties', sent)).toEqual({ conflicts: [], errors: [] });
    expect(await push(a.client, 'saved_properties', sent)).toEqual({ conflicts: [], errors: [] });
    expect(await rowsOf(a.user.id)).toHaveLength(2);
    // Another device's copy of the same new rows is a conflict: the server's rows come back.
    const other = await push(
      a.client,
      'saved_properties',
      rows.map((r) => ({ new: { ...r, title: `${r.title} elsewhere` }, assumed: null, writer: 'device-b' })),
    );
    expect(other.errors).toEqual([]);
    expect(other.conflicts.map((c) => c.title).sort()).toEqual(['One', 'Two']);
  });

  it("answers odd input as row by row does: an assumed state that is not a row, an old app's write id", async () => {
    const a = await user();
    const odd = property(a, 'Odd assumed');
    const result = await push(a.client, 'saved_properties', [
      { new: odd, assumed: 'x' as unknown as null },
      { new: property(a, 'Fine'), assumed: null },
    ]);
    expect(result.errors).toEqual([expect.objectContaining({ id: odd.id, code: '22023' })]);
    expect((await rowsOf(a.user.id)).map((r) => r.title)).toEqual(['Fine']);

    const older = property(a, 'From an older app');
    expect(
      await push(a.client, 'saved_properties', [{ new: older, assumed: null, writer: 'device-a', write_id: 'w1' }]),
    ).toEqual({ conflicts: [], errors: [] });
    expect(await dbRow('saved_properties', older.id)).toMatchObject({ _writer: 'device-a' });
  });
});
