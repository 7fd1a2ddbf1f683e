// One device's two pushes of a new row can meet on the server: the push a page sends as it goes
// (src/sync/page-going-push.ts) may arrive while the device's ordinary push of the same new row is
// still inside sync_push. Neither sees the other's row, both insert, and the later one waits on
// the id. Once the first commits, the later one is judged against the row it met, as if it had
// been there: the device's newer push lands, an older one changes nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from '../fixtures';
import {
  dbRow,
  draft,
  pgClient,
  property,
  push,
  pushWaitingOnLock,
  removeSyncData,
  user,
  type PushRow,
} from '../sync-fixtures';

afterAll(removeSyncData);

/** A push of `table` that has inserted `row` as `writer`'s push number `seq`, not committed yet. */
async function insertUnderWay(table: string, row: Record<string, unknown>, writer: string, seq: number) {
  const db = await pgClient();
  await db.query('begin');
  await db.query(`select set_config('chloe.sync_writer', $1, true), set_config('chloe.sync_writer_seq', $2, true)`, [
    writer,
    String(seq),
  ]);
  const columns = Object.keys(row);
  await db.query(
    `insert into public.${table} (${columns.join(', ')})
       select ${columns.join(', ')} from jsonb_populate_record(null::public.${table}, $1)`,
    [row],
  );
  return {
    commit: async () => {
      await db.query('commit');
      await db.end();
    },
  };
}

/** `rows` pushed while an insert of the same id is under way; the answer, once that insert commits. */
async function pushMeeting(first: Awaited<ReturnType<typeof insertUnderWay>>, rows: Parameters<typeof push>) {
  const answer = push(...rows);
  // It waits on the id the first push inserted.
  await pushWaitingOnLock((text) => sql(text));
  await first.commit();
  return answer;
}

describe('two pushes of one new row from one device, the second arriving while the first is under way', () => {
  it('a subscription draft: the newer push lands over the older insert', async () => {
    const a = await user();
    const row = draft(a, 5000);
    const first = await insertUnderWay('share_subscriptions', { ...row, subscriber_name: 'Ada d' }, 'device-a', 1);
    const newer: PushRow = {
      new: { ...row, subscriber_name: 'Ada Lovelace' },
      assumed: null,
      writer: 'device-a',
      seq: 2,
    };
    expect(await pushMeeting(first, [a.client, 'share_subscriptions', [newer]])).toEqual({ conflicts: [], errors: [] });
    expect(await dbRow('share_subscriptions', row.id)).toMatchObject({
      subscriber_name: 'Ada Lovelace',
      _writer: 'device-a',
      _writer_seq: 2,
    });
  });

  it('the older push arriving second changes nothing, and is not refused', async () => {
    const a = await user();
    const row = draft(a, 5000);
    const first = await insertUnderWay(
      'share_subscriptions',
      { ...row, subscriber_name: 'Ada Lovelace' },
      'device-a',
      2,
    );
    const older: PushRow = { new: { ...row, subscriber_name: 'Ada d' }, assumed: null, writer: 'device-a', seq: 1 };
    expect(await pushMeeting(first, [a.client, 'share_subscriptions', [older]])).toEqual({ conflicts: [], errors: [] });
    expect(await dbRow('share_subscriptions', row.id)).toMatchObject({ subscriber_name: 'Ada Lovelace' });
  });

  it("another device's insert of the same id is a conflict, as when it was there first", async () => {
    const a = await user();
    const row = property(a, 'From device A');
    const first = await insertUnderWay('saved_properties', row, 'device-a', 1);
    const theirs: PushRow = { new: { ...row, title: 'From device B' }, assumed: null, writer: 'device-b', seq: 5 };
    const answer = await pushMeeting(first, [a.client, 'saved_properties', [theirs]]);
    expect(answer.errors).toEqual([]);
    expect(answer.conflicts).toEqual([expect.objectContaining({ id: row.id, title: 'From device A' })]);
  });

  it('a second open draft is still refused by name (the id was not the one that met)', async () => {
    const a = await user();
    const one = draft(a, 5000);
    const first = await insertUnderWay('share_subscriptions', one, 'device-a', 1);
    const another: PushRow = {
      new: { ...draft(a, 6000), id: crypto.randomUUID() },
      assumed: null,
      writer: 'device-b',
      seq: 1,
    };
    const answer = await pushMeeting(first, [a.client, 'share_subscriptions', [another]]);
    expect(answer.conflicts).toEqual([]);
    expect(answer.errors).toEqual([
      expect.objectContaining({ id: another.new.id, code: '23505', constraint: 'share_subscriptions_one_open_draft' }),
    ]);
  });
});
