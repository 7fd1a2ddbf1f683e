// Limits hold whatever the flags (ADR 035): a row is not created already removed
// through the table API, and a removed row brought back counts again.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MAX_SAVED_PROPERTIES_PER_USER,
  MAX_SAVED_PROPERTIES_STORED,
  MAX_SUBSCRIPTIONS_PER_USER,
  MAX_SUBSCRIPTIONS_STORED,
} from '../../../src/lib/limits';
import { expectRefused, PNG, sql } from '../fixtures';
import { dbRow, draft, heldSubscriptions, property, push, pushNew, removeSyncData, user } from '../sync-fixtures';

afterAll(removeSyncData);

describe('limits whatever the flags', () => {
  it('limits hold whatever the flags: no removed row through the table API, and a restored one counts', async () => {
    const a = await user();
    // The bypass: rows inserted already removed (counted by no limit), then all restored at once.
    const removed = await a.client.from('saved_properties').insert({ ...property(a, 'Hidden'), _deleted: true });
    expectRefused(removed.error, '23514', 'sync_removed_row_insert');
    const removedDraft = await a.client.from('share_subscriptions').insert({ ...draft(a, 5000), _deleted: true });
    expectRefused(removedDraft.error, '23514', 'sync_removed_row_insert');

    // Removed rows made otherwise (a device's offline create-and-remove, sent through sync_push;
    // here by SQL): restoring them past the limit is refused, by the table API and by a push.
    await sql(
      `insert into public.saved_properties (user_id, title, _deleted)
       select $1, 'Flat ' || n, n > $2 from generate_series(1, $2 + 10) as n`,
      [a.user.id, MAX_SAVED_PROPERTIES_PER_USER - 5],
    );
    const restore = await a.client.from('saved_properties').update({ _deleted: false }).eq('_deleted', true);
    expectRefused(restore.error, '54000', 'saved_properties_at_most_5000_per_user');
    const live = async () =>
      Number(
        (
          await sql<{ n: string }>(
            'select count(*) as n from public.saved_properties where user_id = $1 and not _deleted',
            [a.user.id],
          )
        )[0]!.n,
      );
    expect(await live()).toBe(MAX_SAVED_PROPERTIES_PER_USER - 5);
    // Up to the limit is fine.
    const some = (
      await sql<{ id: string }>('select id from public.saved_properties where user_id = $1 and _deleted limit 5', [
        a.user.id,
      ])
    ).map((r) => r.id);
    expect((await a.client.from('saved_properties').update({ _deleted: false }).in('id', some)).error).toBeNull();
    expect(await live()).toBe(MAX_SAVED_PROPERTIES_PER_USER);
    const one = (
      await sql<{ id: string }>('select id from public.saved_properties where user_id = $1 and _deleted limit 1', [
        a.user.id,
      ])
    )[0]!.id;
    const over = await a.client.from('saved_properties').update({ _deleted: false }).eq('id', one);
    expectRefused(over.error, '54000', 'saved_properties_at_most_5000_per_user');

    // Subscriptions: 20 held (one of them the open draft), a removed one brought back is the 21st.
    await heldSubscriptions(a, MAX_SUBSCRIPTIONS_PER_USER - 1);
    await pushNew(a, 'share_subscriptions', [draft(a, 5000, MAX_SUBSCRIPTIONS_PER_USER - 1)]);
    const spare = randomUUID();
    await sql(
      `insert into public.share_subscriptions (id, user_id, subscriber_name, number_of_shares, subscription_price, total_amount, status, _deleted)
       values ($1, $2, 'Grace Hopper', 5000, 1.25, 6250, 'draft', true)`,
      [spare, a.user.id],
    );
    const back = await a.client.from('share_subscriptions').update({ _deleted: false }).eq('id', spare);
    expectRefused(back.error, '54000', 'share_subscriptions_at_most_20_per_user');
  });

  it('what an account stores is bounded, removed rows included, and a row that arrives removed keeps no large contents', async () => {
    const a = await user();
    // A device's offline create-and-remove, through sync_push: accepted, without its key features.
    const removed = { ...property(a, 'Made and removed offline'), _deleted: true };
    expect(await push(a.client, 'saved_properties', [{ new: removed, assumed: null }])).toEqual({
      conflicts: [],
      errors: [],
    });
    expect(await dbRow('saved_properties', removed.id)).toMatchObject({ _deleted: true, key_features: [] });

    // 5,000 live and the rest removed, up to the stored bound: one more removed row is refused.
    await sql(
      `insert into public.saved_properties (user_id, title, _deleted)
       select $1, 'Flat ' || n, n > $2 from generate_series(1, $3) as n`,
      [a.user.id, MAX_SAVED_PROPERTIES_PER_USER, MAX_SAVED_PROPERTIES_STORED - 1],
    );
    const over = await push(a.client, 'saved_properties', [
      { new: { ...property(a, 'One too many'), _deleted: true }, assumed: null },
    ]);
    expect(over.errors.map((e) => e.message)).toEqual([
      expect.stringContaining('saved_properties_at_most_10000_stored'),
    ]);
    const [stored] = await sql<{ n: number }>(
      'select count(*)::int as n from public.saved_properties where user_id = $1',
      [a.user.id],
    );
    expect(stored!.n).toBe(MAX_SAVED_PROPERTIES_STORED);

    // Subscriptions: removed drafts (any id: they are never an open draft) up to 100, and no more;
    // each without its signature image.
    const b = await user();
    await sql(
      `insert into public.share_subscriptions (user_id, subscriber_name, number_of_shares, subscription_price, total_amount, status, _deleted)
       select $1, 'Grace Hopper', 5000, 1.25, 6250, 'draft', true from generate_series(1, $2)`,
      [b.user.id, MAX_SUBSCRIPTIONS_STORED - 1],
    );
    const removedDraft = { ...draft(b, 5000), id: randomUUID(), signature_data: PNG, _deleted: true };
    expect(await push(b.client, 'share_subscriptions', [{ new: removedDraft, assumed: null }])).toEqual({
      conflicts: [],
      errors: [],
    });
    expect(await dbRow('share_subscriptions', removedDraft.id)).toMatchObject({ _deleted: true, signature_data: null });
    const tooMany = await push(b.client, 'share_subscriptions', [
      { new: { ...draft(b, 5000), id: randomUUID(), _deleted: true }, assumed: null },
    ]);
    expect(tooMany.errors.map((e) => e.message)).toEqual([
      expect.stringContaining('share_subscriptions_at_most_100_stored'),
    ]);
  });
});
