// The gmail-auto-reply function when things go wrong: an access token that expired or a grant
// revoked, a send Gmail refuses or may have made, a history Gmail no longer keeps, and what a run
// that stopped half-way left behind.
import { afterAll, describe, expect, it } from 'vitest';
import { deleteUsers, sql } from '../fixtures';
import { autoReplyAssistant, logsOf } from './gmail-auto-reply-fixtures';
import { localGoogle, mailIn, runOnce, sentFrom } from './gmail-fixtures';

const created: string[] = [];
afterAll(() => deleteUsers(created));
const assistant = () => autoReplyAssistant(created);

describe('grants and failures', () => {
  it('an expired access token is refreshed; a revoked grant marks the account error and stops its runs', async () => {
    const { user, mailbox, accountId } = await assistant();
    await sql(
      `update public.gmail_credentials set access_token_expires_at = now() - interval '1 minute' where gmail_account_id = $1`,
      [accountId],
    );
    const [before] = await sql<{ access_token: string }>(
      'select access_token from public.gmail_credentials where gmail_account_id = $1',
      [accountId],
    );
    await mailIn(mailbox, { from: 'buyer@example.com', subject: 'refresh' });
    expect((await runOnce([accountId])).replied).toBe(1);
    const [after] = await sql<{ access_token: string }>(
      'select access_token from public.gmail_credentials where gmail_account_id = $1',
      [accountId],
    );
    expect(after!.access_token).not.toBe(before!.access_token);

    // The person removes Chloe's access in their Google account.
    await localGoogle(mailbox, 'revoke');
    await mailIn(mailbox, { from: 'buyer@example.com', subject: 'after revoke' });
    const revoked = await runOnce([accountId]);
    expect(revoked.results[0]).toMatchObject({
      status: 'revoked',
      error: 'Gmail access was revoked or has expired. Connect this account again.',
    });
    const { data } = await user.client.from('gmail_accounts').select('account_status, status_detail');
    expect(data).toEqual([
      {
        account_status: 'error',
        status_detail: 'Gmail access was revoked or has expired. Connect this account again.',
      },
    ]);
    // An account in error is left alone by later runs (until it is connected again).
    expect((await runOnce([accountId])).accounts).toBe(0);
  });

  it('a refused send (4xx) is logged failed and gives the thread back: the next message in it is answered', async () => {
    const { mailbox, accountId } = await assistant();
    await localGoogle(mailbox, 'fail-sends', { count: 1, status: 400 });
    const first = await mailIn(mailbox, { from: 'buyer@example.com', subject: 'first try' });
    expect((await runOnce([accountId])).failed).toBe(1);
    expect((await logsOf(accountId))[0]).toMatchObject({
      reply_status: 'failed',
      reason: 'Gmail refused the reply (400).',
    });
    await mailIn(mailbox, { from: 'buyer@example.com', subject: 'Re: first try', threadId: first.threadId });
    expect((await runOnce([accountId])).replied).toBe(1);
    expect(await sentFrom(mailbox)).toHaveLength(1);
  });

  it('Gmail’s own trouble (5xx) may have sent it: the thread stays claimed, so it is never answered twice', async () => {
    const { mailbox, accountId } = await assistant();
    await localGoogle(mailbox, 'fail-sends', { count: 1, status: 503 });
    const first = await mailIn(mailbox, { from: 'buyer@example.com', subject: 'unsure' });
    expect((await runOnce([accountId])).failed).toBe(1);
    expect((await logsOf(accountId))[0]).toMatchObject({
      reply_status: 'failed',
      reason: 'Gmail had a problem (503); the reply may not have been sent.',
    });
    await mailIn(mailbox, { from: 'buyer@example.com', subject: 'Re: unsure', threadId: first.threadId });
    expect((await runOnce([accountId])).skipped).toBe(1);
    expect(await sentFrom(mailbox)).toHaveLength(0);
  });

  it('access revoked between the claim and the send: nothing went out, the thread is given back, the account is in error', async () => {
    const { mailbox, accountId } = await assistant();
    await localGoogle(mailbox, 'fail-sends', { count: 1, status: 401, revoke: true });
    const message = await mailIn(mailbox, { from: 'buyer@example.com', subject: 'revoked mid-way' });
    const run = await runOnce([accountId]);
    expect(run.results[0]).toMatchObject({ status: 'revoked' });
    expect((await logsOf(accountId))[0]).toMatchObject({
      reply_status: 'failed',
      reason: 'Not sent: Gmail access was revoked or has expired. Connect this account again.',
    });
    expect(
      await sql('select 1 from public.gmail_thread_replies where gmail_account_id = $1 and thread_id = $2', [
        accountId,
        message.threadId,
      ]),
    ).toEqual([]);
  });

  it('when Gmail no longer has the history since the last run, the inbox since then is read instead, oldest first, all of it', async () => {
    const { mailbox, accountId } = await assistant();
    await runOnce([accountId]);
    for (let n = 1; n <= 55; n += 1) {
      await mailIn(mailbox, { from: `buyer${n}@example.com`, subject: `during the gap ${n}` });
    }
    await localGoogle(mailbox, 'forget-history');
    // 50 a run: the oldest first; the cursor stays until the backlog is done.
    expect((await runOnce([accountId])).replied).toBe(50);
    const first = await logsOf(accountId);
    expect(first.map((l) => l.subject)).toContain('during the gap 1');
    expect(first.map((l) => l.subject)).not.toContain('during the gap 55');
    await mailIn(mailbox, { from: 'late@example.com', subject: 'after the gap' });
    expect((await runOnce([accountId])).replied).toBe(6);
    expect(await logsOf(accountId)).toHaveLength(56);
    expect((await runOnce([accountId])).replied).toBe(0);
  });

  it('a stopped run’s log of a message since deleted or taken out of the inbox is closed, not left pending', async () => {
    const { mailbox, accountId } = await assistant();
    const kept = await mailIn(mailbox, { from: 'buyer@example.com', subject: 'archived' });
    const [user] = await sql<{ user_id: string }>('select user_id from public.gmail_accounts where id = $1', [
      accountId,
    ]);
    // Two logs a run began and never finished, ten minutes ago: one message is gone, one archived.
    await sql(`alter table public.email_logs disable trigger email_logs_stamp_sync_columns`);
    try {
      for (const [id, thread] of [
        ['deadbeefdeadbeef', 'deadbeefdeadbeef'],
        [kept.id, kept.threadId],
      ]) {
        await sql(
          `insert into public.email_logs (user_id, gmail_account_id, gmail_message_id, gmail_thread_id, sender_email, reply_status, updated_at)
           values ($1, $2, $3, $4, 'buyer@example.com', 'pending', now() - interval '10 minutes')
           on conflict do nothing`,
          [user!.user_id, accountId, id, thread],
        );
      }
    } finally {
      await sql(`alter table public.email_logs enable trigger email_logs_stamp_sync_columns`);
    }
    await localGoogle(mailbox, 'archive', { id: kept.id });
    await runOnce([accountId]);
    const logs = await logsOf(accountId);
    expect(logs.find((l) => l.gmail_message_id === 'deadbeefdeadbeef')).toMatchObject({
      reply_status: 'skipped',
      reason: 'Deleted before Chloe could answer it',
    });
    expect(logs.find((l) => l.gmail_message_id === kept.id)).toMatchObject({
      reply_status: 'skipped',
      reason: 'Left the inbox before Chloe could answer it',
    });
  });

  it('a run left half-way (a pending log older than five minutes) is finished by a later run', async () => {
    const { mailbox, accountId } = await assistant();
    const message = await mailIn(mailbox, { from: 'buyer@example.com', subject: 'stalled' });
    // What a run that stopped after beginning the message leaves: a pending log, ten minutes old,
    // no claim on its thread, the cursor past it. (The stamping trigger owns updated_at.)
    await runOnce([accountId]);
    await sql(`alter table public.email_logs disable trigger email_logs_stamp_sync_columns`);
    try {
      await sql(
        `update public.email_logs set reply_status = 'pending', replied_at = null, updated_at = now() - interval '10 minutes'
          where gmail_message_id = $1`,
        [message.id],
      );
    } finally {
      await sql(`alter table public.email_logs enable trigger email_logs_stamp_sync_columns`);
    }
    await sql('delete from public.gmail_thread_replies where gmail_account_id = $1', [accountId]);
    const summary = await runOnce([accountId]);
    expect(summary.replied).toBe(1);
    expect((await logsOf(accountId)).map((l) => l.reply_status)).toEqual(['replied']);
  });
});
