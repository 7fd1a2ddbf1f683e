// One open draft per investor, held by Postgres (docs/decisions/030-two-writers-one-truth.md): the
// id every device derives, the same in SQL and in the app; and the migration that brought the
// drafts made before it (several per account, random ids) to one each, under that id.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { subscriptionDraftId } from '../../../src/data/draft-id';
import { MIGRATIONS_DIR } from '../../../supabase/local/stack/migrate.mjs';
import { PNG, sql, stack, subscriptionIdOf } from '../fixtures';
import { removeUsers, user } from './signing-fixtures';

afterAll(removeUsers);

describe('the draft id', () => {
  it('is the same in Postgres, in the app and in the tests, for any user and generation', async () => {
    for (const [userId, generation] of [
      ['00000000-0000-4000-8000-000000000001', 0],
      ['C975C5DA-5F9B-417C-8399-8F3F15305CC9', 3],
      [crypto.randomUUID(), 19],
    ] as const) {
      const [row] = await sql<{ id: string }>('select public.subscription_draft_id($1, $2)::text as id', [
        userId,
        generation,
      ]);
      expect(await subscriptionDraftId(userId, generation)).toBe(row!.id);
      expect(subscriptionIdOf(userId, generation)).toBe(row!.id);
      // A UUID of version 8 (RFC 9562), its variant bits 10.
      expect(row!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});

/** The data steps of migration 20261128000036 (its `do` blocks), as written. */
const dataSteps = () =>
  [
    ...readFileSync(path.join(MIGRATIONS_DIR, '20261128000036_one_open_draft.sql'), 'utf8').matchAll(
      /^do \$\$[\s\S]*?^\$\$;$/gm,
    ),
  ].map((m) => m[0]);

describe('migration 20261128000036 on drafts made before it', () => {
  it('merges an account’s drafts field by field into the newest, under the derived id; a signed one stays', async () => {
    const u = await user();
    const db = new pg.Client({ connectionString: stack().adminDbUrl });
    await db.connect();
    try {
      await db.query('begin');
      // As before the migration: no index, no check of the id.
      await db.query('drop index public.share_subscriptions_one_open_draft');
      await db.query('alter table public.share_subscriptions disable trigger share_subscriptions_check_id');
      // Written at different times (the stamping trigger would make them all now()).
      await db.query('alter table public.share_subscriptions disable trigger share_subscriptions_stamp_sync_columns');
      const insert = (id: string, fields: string, values: unknown[], at: string) =>
        db.query(
          `insert into public.share_subscriptions (id, user_id, updated_at, ${fields})
           values ($1, $2, $3, ${values.map((_, i) => `$${i + 4}`).join(', ')})`,
          [id, u.user.id, at, ...values],
        );
      const [older, newer] = [crypto.randomUUID(), crypto.randomUUID()];
      await insert(older, 'subscriber_name, subscriber_address', ['Alice Investor', '1 A Street, Bath'], '2026-11-27');
      await insert(newer, 'subscriber_name, subscriber_phone', ['Alice I.', '07700 900123'], '2026-11-28');
      await db.query('alter table public.share_subscriptions enable trigger share_subscriptions_stamp_sync_columns');
      for (const step of dataSteps()) await db.query(step);

      const { rows } = await db.query<Record<string, unknown>>(
        `select id, subscriber_name, subscriber_address, subscriber_phone, _deleted
           from public.share_subscriptions where user_id = $1 order by _deleted, id`,
        [u.user.id],
      );
      expect(rows).toEqual([
        {
          id: subscriptionIdOf(u.user.id),
          subscriber_name: 'Alice I.',
          subscriber_address: '1 A Street, Bath',
          subscriber_phone: '07700 900123',
          _deleted: false,
        },
        ...[older, newer].sort().map((id): unknown => expect.objectContaining({ id, _deleted: true })),
      ]);
      // Signed rows are records: never moved.
      const signed = crypto.randomUUID();
      await db.query(
        `insert into public.share_subscriptions (id, user_id, subscriber_name, subscriber_address, subscriber_email,
           effective_date, payment_reference, signature_data, signature_timestamp, status)
         values ($1, $2, 'A', '1 A Street', 'a@example.test', current_date, 'KEEP-1', $3, now(), 'signed')`,
        [signed, u.user.id, PNG],
      );
      for (const step of dataSteps()) await db.query(step);
      const after = await db.query('select 1 from public.share_subscriptions where id = $1 and not _deleted', [signed]);
      expect(after.rowCount).toBe(1);
    } finally {
      await db.query('rollback');
      await db.end();
    }
  });
});
