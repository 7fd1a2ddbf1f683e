// email_logs is synced down only (pull-only in supabase/schemas/sync/10-tables.sql): the email
// assistant writes logs with the service role, and the owner's devices pull them into RxDB, where
// the voice assistant reads them offline (src/features/voice/email-logs.ts). Simulated devices run
// the app's own database and sync engine against the local stack (devices.ts); outcomes are checked
// in Postgres itself.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { readRecentEmailLogs, recentEmailLogs } from '../../../src/features/voice/email-logs';
import { closeDevices, inSync, until, userDevice } from './devices';
import { anonClient, serviceClient, sql } from '../fixtures';
import { callError, dbRow, pull, pullAll, type User, user, removeSyncData } from '../sync-fixtures';

afterEach(closeDevices);
afterAll(removeSyncData);

/** A mailbox connected for `u`, as the OAuth function connects it (service role). */
async function mailbox(u: User) {
  const { data, error } = await serviceClient()
    .from('gmail_accounts')
    .insert({ user_id: u.user.id, email_address: `inbox-${randomUUID().slice(0, 8)}@gmail.test` })
    .select('id')
    .single<{ id: string }>();
  expect(error).toBeNull();
  return data!.id;
}

/** Logs the assistant handled, written as the server functions write them (service role). */
async function logs(u: User, account: string, rows: Record<string, unknown>[]) {
  const { data, error } = await serviceClient()
    .from('email_logs')
    .insert(
      rows.map((r) => ({ user_id: u.user.id, gmail_account_id: account, sender_email: 'buyer@example.com', ...r })),
    )
    .select('id');
  expect(error).toBeNull();
  return (data as { id: string }[]).map((r) => r.id);
}

const device = (u: User) => userDevice(u.email, u.password, u.user.id);
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

describe('email_logs, pulled by the owner’s devices', () => {
  it('a log the server writes reaches the device’s database at the next sync, and so does a change to it', async () => {
    const u = await user();
    const d = await device(u);
    const account = await mailbox(u);
    const [id] = await logs(u, account, [
      { sender_email: 'priya@example.com', sender_name: 'Priya Shah', subject: 'Viewing on Saturday?' },
    ]);

    await inSync(d);
    const doc = await until(
      () => d.db.email_logs.findOne(id).exec(),
      (x) => x !== null,
    );
    const [row] = await sql<{ received_at: string; modified: string }>(
      `select to_jsonb(received_at) #>> '{}' as received_at, to_jsonb(_modified) #>> '{}' as modified
         from public.email_logs where id = $1`,
      [id],
    );
    expect(doc!.toJSON()).toEqual({
      id,
      user_id: u.user.id,
      gmail_account_id: account,
      sender_email: 'priya@example.com',
      sender_name: 'Priya Shah',
      subject: 'Viewing on Saturday?',
      received_at: row!.received_at,
      reply_status: 'pending',
      replied_at: null,
      gmail_message_id: null,
      gmail_thread_id: null,
      reason: null,
      created_at: expect.any(String) as unknown,
      updated_at: expect.any(String) as unknown,
      // The server's write time, every microsecond kept as text.
      serverModified: row!.modified,
    });

    // The assistant replies: the next sync brings the new status.
    const { error } = await serviceClient()
      .from('email_logs')
      .update({ reply_status: 'replied', replied_at: new Date().toISOString() })
      .eq('id', id!);
    expect(error).toBeNull();
    await inSync(d);
    await until(
      async () => (await d.db.email_logs.findOne(id).exec())?.reply_status,
      (s) => s === 'replied',
    );
    // Pulled, never pushed: nothing waits to go up.
    expect(await d.db.outbox.count({ selector: { waiting: true } }).exec()).toBe(0);
  });

  it('a device cannot write email logs: no insert, update or delete, and sync_push refuses the table', async () => {
    const u = await user();
    const account = await mailbox(u);
    const [id] = await logs(u, account, [{ subject: 'Original' }]);
    const before = await dbRow('email_logs', id!);

    const insert = await u.client
      .from('email_logs')
      .insert({ id: randomUUID(), user_id: u.user.id, gmail_account_id: account, sender_email: 'me@example.com' });
    expect(insert.error?.code).toBe('42501');
    const update = await u.client.from('email_logs').update({ subject: 'Changed' }).eq('id', id!).select();
    expect(update.error?.code).toBe('42501');
    const remove = await u.client.from('email_logs').delete().eq('id', id!).select();
    expect(remove.error?.code).toBe('42501');
    const softDelete = await u.client.from('email_logs').update({ _deleted: true }).eq('id', id!).select();
    expect(softDelete.error?.code).toBe('42501');

    const pushed = await callError(u.client, 'sync_push', {
      p_table: 'email_logs',
      p_rows: [{ new: { ...before, subject: 'Pushed' }, assumed: before }],
    });
    expect(pushed.code).toBe('42501');
    expect(pushed.message).toContain('email_logs is read-only');

    expect(await dbRow('email_logs', id!)).toEqual(before);
    expect(await sql('select 1 from public.email_logs where user_id = $1', [u.user.id])).toHaveLength(1);
  });

  it('a log written on the device itself stays there: nothing is pushed or waits to be', async () => {
    const u = await user();
    const d = await device(u);
    const account = await mailbox(u);
    const id = randomUUID();
    await d.db.email_logs.insert({
      id,
      user_id: u.user.id,
      gmail_account_id: account,
      sender_email: 'local@example.com',
      received_at: new Date().toISOString(),
      reply_status: 'pending',
    });
    await inSync(d);
    expect(await d.db.outbox.count({ selector: { waiting: true } }).exec()).toBe(0);
    expect(await dbRow('email_logs', id)).toBeUndefined();
  });

  it('another user’s logs never arrive, and nobody without a session pulls any', async () => {
    const a = await user();
    const b = await user();
    const mine = await logs(a, await mailbox(a), [{ subject: 'For A' }]);
    const theirs = await logs(b, await mailbox(b), [{ subject: 'For B 1' }, { subject: 'For B 2' }]);

    const d = await device(a);
    await inSync(d);
    await until(
      () => d.db.email_logs.find().exec(),
      (docs) => docs.length > 0,
    );
    expect((await d.db.email_logs.find().exec()).map((x) => x.id)).toEqual(mine);
    expect((await pullAll(a.client, 'email_logs', 100)).docs.map((x) => x.id)).toEqual(mine);
    expect((await pullAll(b.client, 'email_logs', 100)).docs.map((x) => x.id).sort()).toEqual([...theirs].sort());

    const anon = await callError(anonClient(), 'sync_pull', { p_table: 'email_logs', p_checkpoint: null, p_limit: 10 });
    expect(anon.code).toBe('42501');
    // The service role's pull (staff tools) sees everything: RLS, not the RPC, decides.
    const all = await pull(serviceClient(), 'email_logs', null, 1000);
    expect(all.documents.map((x) => x.id)).toEqual(expect.arrayContaining([...mine, ...theirs]));
  });

  it('recentEmailLogs on the device: the 10 newest of what synced, newest first, a deleted one left out', async () => {
    const u = await user();
    const account = await mailbox(u);
    // Twelve logs, 1 to 12 hours old, written in no particular order.
    const hours = [7, 2, 11, 5, 1, 9, 12, 3, 6, 10, 4, 8];
    const ids = await logs(
      u,
      account,
      hours.map((h) => ({ subject: `${h} hours ago`, received_at: hoursAgo(h) })),
    );
    const byHour = new Map(hours.map((h, i) => [h, ids[i]!]));
    // The newest of all, deleted on the server (soft, as every synced row).
    const [deleted] = await logs(u, account, [{ subject: 'Deleted', received_at: hoursAgo(0.5) }]);
    await sql('update public.email_logs set _deleted = true where id = $1', [deleted]);

    const d = await device(u);
    await inSync(d);
    await until(
      () => d.db.email_logs.count().exec(),
      (n) => n === 12,
    );
    const read = await readRecentEmailLogs(d.db, { now: new Date() });
    expect(read.map((x) => x.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((h) => byHour.get(h)));
    expect(read.map((x) => x.subject)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((h) => `${h} hours ago`));
    expect((await recentEmailLogs(d.db, { limit: 3 }).exec()).map((x) => x.id)).toEqual(
      [1, 2, 3].map((h) => byHour.get(h)),
    );
  });

  it('disconnecting the mailbox removes its logs from the device, and keeps no content on the server', async () => {
    const u = await user();
    const kept = await mailbox(u);
    const removed = await mailbox(u);
    const [stays] = await logs(u, kept, [{ subject: 'Other mailbox' }]);
    const [goes] = await logs(u, removed, [{ sender_name: 'Sam Green', subject: 'Chain update' }]);
    const d = await device(u);
    await inSync(d);
    await until(
      () => d.db.email_logs.count().exec(),
      (n) => n === 2,
    );

    // The owner disconnects it (the one write a device may make here).
    const del = await u.client.from('gmail_accounts').delete().eq('id', removed).select('id');
    expect(del.error).toBeNull();
    expect(del.data).toHaveLength(1);

    await inSync(d);
    await until(
      async () => (await d.db.email_logs.find().exec()).map((x) => x.id),
      (docs) => docs.length === 1,
    );
    expect((await d.db.email_logs.find().exec()).map((x) => x.id)).toEqual([stays]);
    expect(await dbRow('email_logs', goes!)).toMatchObject({
      gmail_account_id: null,
      _deleted: true,
      sender_email: '',
      sender_name: null,
      subject: null,
    });
  });
});
