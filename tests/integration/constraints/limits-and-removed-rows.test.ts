// Limits hold whatever the flags (issue 29, ADR 007 amended): a row is not created already removed
// through the table API, and a removed row brought back counts again.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_PROPERTIES_PER_USER, MAX_SUBSCRIPTIONS_PER_USER } from '../../../src/lib/limits';
import { expectRefused, sql } from '../fixtures';
import { draft, heldSubscriptions, property, pushNew, removeSyncData, user } from '../sync-fixtures';

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
});
