// A per-account limit counts and then writes: two writers that both count below it must not both
// write. Two connections acting as one user, each in its own open transaction, step by step.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MAX_SAVED_PROPERTIES_PER_USER } from '../../../src/lib/limits';
import { sql } from '../fixtures';
import { pgClient, removeSyncData, user } from '../sync-fixtures';

afterAll(removeSyncData);

/** A connection that makes its requests as `userId`, as PostgREST would, in an open transaction. */
async function asUser(userId: string) {
  const db = await pgClient();
  await db.query('begin');
  await db.query(`select set_config('request.jwt.claims', $1, true)`, [
    JSON.stringify({ sub: userId, role: 'authenticated' }),
  ]);
  await db.query('set local role authenticated');
  return db;
}

const backendPid = async (db: pg.Client) =>
  (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

const insertProperty = (db: pg.Client, userId: string) =>
  db.query(`insert into public.saved_properties (id, user_id, title) values ($1, $2, 'Race flat')`, [
    randomUUID(),
    userId,
  ]);

describe('per-account limits under concurrent writers', () => {
  it('the last saved property two writers race for is given to one of them only', async () => {
    const a = await user();
    await sql(
      `insert into public.saved_properties (user_id, title) select $1, 'Flat ' || n from generate_series(1, $2) as n`,
      [a.user.id, MAX_SAVED_PROPERTIES_PER_USER - 1],
    );
    const first = await asUser(a.user.id);
    const second = await asUser(a.user.id);
    try {
      await insertProperty(first, a.user.id);
      const secondPid = await backendPid(second);
      const racing = insertProperty(second, a.user.id).then(
        () => null,
        (error: unknown) => error,
      );
      // The second writer waits for the first one's transaction before it counts.
      await vi.waitFor(
        async () => {
          const [waiting] = await sql<{ n: number }>(
            `select count(*)::int as n from pg_locks where pid = $1 and locktype = 'advisory' and not granted`,
            [secondPid],
          );
          expect(waiting!.n).toBe(1);
        },
        { timeout: 5000 },
      );
      await first.query('commit');
      expect(await racing).toMatchObject({ code: '54000', constraint: 'saved_properties_at_most_5000_per_user' });
      await second.query('rollback');
    } finally {
      await first.end();
      await second.end();
    }
    const [live] = await sql<{ n: number }>(
      'select count(*)::int as n from public.saved_properties where user_id = $1 and not _deleted',
      [a.user.id],
    );
    expect(live!.n).toBe(MAX_SAVED_PROPERTIES_PER_USER);
  });
});
