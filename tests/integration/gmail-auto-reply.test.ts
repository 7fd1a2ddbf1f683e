// The gmail-auto-reply function under real Deno, against the local Google's Gmail API: runs of the
// auto-reply (once per thread even when two runs overlap, every skip rule, the placeholders as the
// preview fills them, a log row per message), grants that are revoked or expire, sends that fail,
// and the settings a user saves.
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_REPLY_TEMPLATE,
  fillReplyTemplate,
  SETTINGS_MESSAGES,
} from '../../supabase/functions/_shared/reply-template';
import { deleteUsers, newUser, sql } from './fixtures';
import {
  callFunction,
  connectedUser,
  headerOf,
  localGoogle,
  mailboxOf,
  mailIn,
  runOnce,
  sentFrom,
  textOf,
  type User,
} from './gmail-fixtures';

const created: string[] = [];
afterAll(() => deleteUsers(created));

const LINK = 'https://example.com/book';

type Log = {
  gmail_message_id: string;
  gmail_thread_id: string;
  sender_email: string;
  sender_name: string | null;
  subject: string | null;
  received_at: Date;
  reply_status: string;
  replied_at: Date | null;
  reason: string | null;
};

const logsOf = (accountId: string) =>
  sql<Log>(
    `select gmail_message_id, gmail_thread_id, sender_email, sender_name, subject, received_at, reply_status,
            replied_at, reason
       from public.email_logs where gmail_account_id = $1 order by received_at, gmail_message_id`,
    [accountId],
  );

/** Saves settings as the user does from the Settings tab. */
const saveSettings = (user: User, settings: Record<string, unknown>) =>
  callFunction('gmail-auto-reply', user.session.access_token, { settings });

/** A connected user whose auto-reply is on with a demo link. */
async function assistant() {
  const connected = await connectedUser();
  created.push(connected.user.user.id);
  expect((await saveSettings(connected.user, { enabled: true, demo_link: LINK })).status).toBe(200);
  return connected;
}

describe('a run answers new mail', () => {
  it('once per thread, even with two runs at the same time; each message logged once', async () => {
    const { mailbox, accountId } = await assistant();
    const first = await mailIn(mailbox, { from: 'Priya Shah <priya@example.com>', subject: 'Viewing on Saturday?' });
    await mailIn(mailbox, {
      from: 'Priya Shah <priya@example.com>',
      subject: 'Re: Viewing on Saturday?',
      threadId: first.threadId,
    });
    const other = await mailIn(mailbox, { from: 'tom@example.org', subject: 'Offer on 27 Mill Lane' });

    // Gmail answers slowly, so the two runs are certainly at work on the same messages at once.
    await localGoogle(mailbox, 'slow', { ms: 150 });
    const [a, b] = await Promise.all([runOnce([accountId]), runOnce([accountId])]);
    await localGoogle(mailbox, 'slow', { ms: 0 });
    // Each run saw all three messages (had one run after the other, the second would have seen none).
    const seen = (r: typeof a) => r.replied + r.skipped + r.failed + r.results[0]!.elsewhere;
    expect([seen(a), seen(b)]).toEqual([3, 3]);
    // Between them, two replies (one per thread); what one run handled the other left alone.
    expect(a.replied + b.replied).toBe(2);
    expect(a.skipped + b.skipped).toBe(1);
    const sent = await sentFrom(mailbox);
    expect(sent.map((m) => m.threadId).sort()).toEqual([first.threadId, other.threadId].sort());

    const logs = await logsOf(accountId);
    expect(logs).toHaveLength(3);
    const thread = logs.filter((l) => l.gmail_thread_id === first.threadId);
    expect(thread.map((l) => l.reply_status).sort()).toEqual(['replied', 'skipped']);
    expect(thread.find((l) => l.reply_status === 'skipped')!.reason).toBe('Already answered in this conversation');
    expect(logs.find((l) => l.gmail_thread_id === other.threadId)).toMatchObject({
      reply_status: 'replied',
      reason: null,
    });

    // Nothing new: another run reads nothing, sends nothing, logs nothing.
    const again = await runOnce([accountId]);
    expect(again.results).toEqual([expect.objectContaining({ replied: 0, skipped: 0, failed: 0, status: 'done' })]);
    expect(await sentFrom(mailbox)).toHaveLength(2);
    expect(await logsOf(accountId)).toHaveLength(3);
    // A new message in an answered thread is logged and not answered again.
    await mailIn(mailbox, { from: 'tom@example.org', subject: 'Re: Offer on 27 Mill Lane', threadId: other.threadId });
    expect((await runOnce([accountId])).skipped).toBe(1);
    expect(await sentFrom(mailbox)).toHaveLength(2);
  });

  it('skips automatic, list, bulk, no-reply and own mail, and says why', async () => {
    const { mailbox, accountId } = await assistant();
    const cases: [string, Parameters<typeof mailIn>[1], string][] = [
      [
        'auto',
        { from: 'robot@example.com', headers: { 'Auto-Submitted': 'auto-replied' } },
        'Sent automatically (Auto-Submitted), so it gets no reply',
      ],
      [
        'generated',
        { from: 'system@example.com', headers: { 'Auto-Submitted': 'auto-generated' } },
        'Sent automatically (Auto-Submitted), so it gets no reply',
      ],
      [
        'list-id',
        { from: 'news@example.com', headers: { 'List-Id': '<movers.example.com>' } },
        'Sent to a mailing list, so it gets no reply',
      ],
      [
        'unsubscribe',
        { from: 'deals@example.com', headers: { 'List-Unsubscribe': '<mailto:u@example.com>' } },
        'Sent to a mailing list, so it gets no reply',
      ],
      ['bulk', { from: 'offers@example.com', headers: { Precedence: 'bulk' } }, 'Bulk mail, so it gets no reply'],
      ['junk', { from: 'spam@example.com', headers: { Precedence: 'junk' } }, 'Bulk mail, so it gets no reply'],
      [
        'noreply',
        { from: 'Portal <no-reply@rightmove.example>' },
        'The sender does not take replies (a no-reply address)',
      ],
      ['donotreply', { from: 'do_not_reply@bank.example' }, 'The sender does not take replies (a no-reply address)'],
      ['daemon', { from: 'MAILER-DAEMON@mail.example' }, 'The sender does not take replies (a no-reply address)'],
      ['own', { from: `Me <${mailbox}>` }, 'Sent from this mailbox, so it gets no reply'],
      [
        'suppress',
        { from: 'pa@example.com', headers: { 'X-Auto-Response-Suppress': 'All' } },
        'The sender asked for no automatic replies',
      ],
      [
        'bounce',
        { from: 'postmaster-report@example.com', headers: { 'Return-Path': '<>' } },
        'A delivery report, so it gets no reply',
      ],
      ['nobody', { from: 'undisclosed-recipients:;' }, 'No sender address to reply to'],
    ];
    for (const [subject, message] of cases) await mailIn(mailbox, { ...message, subject });
    await mailIn(mailbox, { from: 'Real Person <person@example.com>', subject: 'a person' });
    // An auto-reply marked "no" is a person's mail.
    await mailIn(mailbox, {
      from: 'person2@example.com',
      subject: 'not automatic',
      headers: { 'Auto-Submitted': 'no' },
    });

    const summary = await runOnce([accountId]);
    expect(summary).toMatchObject({ replied: 2, skipped: cases.length, failed: 0 });
    const logs = await logsOf(accountId);
    for (const [subject, , reason] of cases) {
      expect(
        logs.find((l) => l.subject === subject),
        subject,
      ).toMatchObject({ reply_status: 'skipped', reason });
    }
    expect(
      logs
        .filter((l) => l.reply_status === 'replied')
        .map((l) => l.subject)
        .sort(),
    ).toEqual(['a person', 'not automatic']);
    const sent = await sentFrom(mailbox);
    expect(sent.map((m) => headerOf(m, 'To')).sort()).toEqual(['person2@example.com', 'person@example.com']);
  });

  it('answers one person only: a Reply-To naming several goes unheeded, a From naming several is not answered', async () => {
    const { mailbox, accountId } = await assistant();
    await mailIn(mailbox, {
      from: 'Real Person <person@example.com>',
      subject: 'fan out',
      headers: { 'Reply-To': '<a@victim.example>, <b@victim.example>, "x, y" <c@victim.example>' },
    });
    await mailIn(mailbox, { from: 'one@example.com, two@example.com', subject: 'two senders' });
    await mailIn(mailbox, {
      from: 'person2@example.com',
      subject: 'long reply-to',
      headers: { 'Reply-To': `${'a'.repeat(400)}@example.com` },
    });
    await mailIn(mailbox, {
      from: 'person3@example.com',
      subject: 'good reply-to',
      headers: { 'Reply-To': 'Desk <desk@example.com>' },
    });
    await runOnce([accountId]);
    const sent = await sentFrom(mailbox);
    expect(sent.map((m) => headerOf(m, 'To')).sort()).toEqual([
      'desk@example.com',
      'person2@example.com',
      'person@example.com',
    ]);
    expect((await logsOf(accountId)).find((l) => l.subject === 'two senders')).toMatchObject({
      reply_status: 'skipped',
      reason: 'No sender address to reply to',
    });
  });

  it('reads and writes RFC 2047 words: adjacent words are one text, a long subject is split into words under 75 characters', async () => {
    const { mailbox, accountId } = await assistant();
    await mailIn(mailbox, {
      from: 'fr@example.fr',
      subject: '=?UTF-8?Q?R=C3=A9union_de_l?= =?UTF-8?Q?=27=C3=A9quipe?=',
    });
    const long = `Visite de l’appartement ${'é'.repeat(120)} — 3 chambres`;
    const encoded = `=?UTF-8?B?${Buffer.from(long).toString('base64')}?=`;
    await mailIn(mailbox, { from: 'long@example.fr', subject: encoded });
    expect((await runOnce([accountId])).replied).toBe(2);
    const subjects = (await logsOf(accountId)).map((l) => l.subject);
    expect(subjects).toContain("Réunion de l'équipe");
    expect(subjects).toContain(long);
    const reply = (await sentFrom(mailbox)).find((m) => headerOf(m, 'To') === 'long@example.fr')!;
    expect(reply.subject).toBe(`Re: ${long}`);
    const words = headerOf(reply, 'Subject')!.split(' ');
    expect(words.length).toBeGreaterThan(3);
    for (const word of words) expect(word.length).toBeLessThanOrEqual(75);
  });

  it('fills the placeholders exactly as the preview does, and threads the reply to the original', async () => {
    const { user, mailbox, accountId } = await assistant();
    const template = 'Hello {first_name}! Not {first_name} twice. Book: {demo_link} (not {demo_link}) — £5 $& done';
    expect((await saveSettings(user, { reply_template: template })).status).toBe(200);
    const original = await mailIn(mailbox, {
      from: '"Shah, Priya" <Priya.Shah@Example.com>',
      subject: 'Flat 4, Albion Road',
      headers: { References: '<older@example.com>' },
    });
    await mailIn(mailbox, { from: 'nameless@example.com', subject: 'no name' });
    await mailIn(mailbox, {
      from: '=?UTF-8?B?w4lsb2lzZSBEdXBvbnQ=?= <eloise@example.fr>',
      subject: '=?UTF-8?Q?Caf=C3=A9_viewing?=',
    });
    expect((await runOnce([accountId])).replied).toBe(3);

    const inbox = await mailboxOf(mailbox);
    const byTo = (to: string) => inbox.find((m) => m.labelIds.includes('SENT') && headerOf(m, 'To') === to)!;
    const reply = byTo('priya.shah@example.com');
    expect(textOf(reply)).toBe(fillReplyTemplate(template, { first_name: 'Priya', demo_link: LINK }));
    expect(textOf(reply)).toBe(`Hello Priya! Not {first_name} twice. Book: ${LINK} (not {demo_link}) — £5 $& done`);
    expect(textOf(byTo('nameless@example.com'))).toContain('Hello there!');
    expect(textOf(byTo('eloise@example.fr'))).toContain('Hello Éloise!');
    expect(reply.subject).toBe('Re: Flat 4, Albion Road');
    expect(byTo('eloise@example.fr').subject).toBe('Re: Café viewing');
    expect(reply.threadId).toBe(original.threadId);
    const originalMessage = inbox.find((m) => m.id === original.id)!;
    expect(headerOf(reply, 'In-Reply-To')).toBe(headerOf(originalMessage, 'Message-ID'));
    expect(headerOf(reply, 'References')).toBe(`<older@example.com> ${headerOf(originalMessage, 'Message-ID')}`);
    expect(headerOf(reply, 'Auto-Submitted')).toBe('auto-replied');
    expect(headerOf(reply, 'From')).toContain(mailbox);

    // The log says who wrote, about what and when, in the owner's words.
    const [log] = (await logsOf(accountId)).filter((l) => l.gmail_message_id === original.id);
    expect(log).toMatchObject({
      sender_email: 'priya.shah@example.com',
      sender_name: 'Shah, Priya',
      subject: 'Flat 4, Albion Road',
      reply_status: 'replied',
      reason: null,
    });
    expect(log!.replied_at).toBeInstanceOf(Date);
    expect(Math.abs(log!.received_at.getTime() - Number(originalMessage.internalDate))).toBeLessThan(1000);
  });

  it('the default template with no demo link logs why it did not answer; settings without one are refused', async () => {
    const connected = await connectedUser();
    created.push(connected.user.user.id);
    await mailIn(connected.mailbox, { from: 'buyer@example.com', subject: 'Hello' });
    expect((await runOnce([connected.accountId])).skipped).toBe(1);
    expect((await logsOf(connected.accountId))[0]).toMatchObject({
      reply_status: 'skipped',
      reason: 'Not answered: the reply template uses {demo_link} and no demo link is set in Settings.',
    });
    expect(await saveSettings(connected.user, { enabled: true })).toEqual({
      status: 400,
      body: {
        code: 'invalid_settings',
        error: SETTINGS_MESSAGES.linkNeeded,
        problems: [{ field: 'demo_link', message: SETTINGS_MESSAGES.linkNeeded }],
      },
    });
  });

  it('turned off, nothing is read; turned on again, mail from the time it was off is not answered', async () => {
    const { user, mailbox, accountId } = await assistant();
    expect((await saveSettings(user, { enabled: false })).status).toBe(200);
    await mailIn(mailbox, { from: 'buyer@example.com', subject: 'while off' });
    expect((await runOnce([accountId])).results[0]).toMatchObject({ status: 'disabled', replied: 0 });
    expect(await logsOf(accountId)).toEqual([]);
    expect((await saveSettings(user, { enabled: true })).status).toBe(200);
    await mailIn(mailbox, { from: 'buyer@example.com', subject: 'after' });
    expect((await runOnce([accountId])).replied).toBe(1);
    expect((await logsOf(accountId)).map((l) => l.subject)).toEqual(['after']);
  });

  it('another user sees none of these logs; the owner reads theirs through the API', async () => {
    const { user, mailbox, accountId } = await assistant();
    await mailIn(mailbox, { from: 'buyer@example.com', subject: 'private' });
    await runOnce([accountId]);
    const stranger = await newUser();
    created.push(stranger.user.id);
    expect((await stranger.client.from('email_logs').select('id')).data).toEqual([]);
    const { data } = await user.client
      .from('email_logs')
      .select('subject, reply_status, reason, gmail_accounts!inner(email_address)')
      .order('received_at', { ascending: false })
      .limit(100);
    expect(data).toEqual([
      { subject: 'private', reply_status: 'replied', reason: null, gmail_accounts: { email_address: mailbox } },
    ]);
  });
});

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

describe('settings', () => {
  it('saves the caller’s own settings; a change of one field keeps the others', async () => {
    const user = await newUser();
    created.push(user.user.id);
    const saved = await saveSettings(user, {
      enabled: true,
      reply_template: 'Hi {first_name}: {demo_link}',
      demo_link: ` ${LINK} `,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({
      enabled: true,
      reply_template: 'Hi {first_name}: {demo_link}',
      demo_link: LINK,
    });
    // Another device changed only the switch.
    expect((await saveSettings(user, { enabled: false })).body.settings).toMatchObject({
      enabled: false,
      reply_template: 'Hi {first_name}: {demo_link}',
      demo_link: LINK,
    });
    const { data } = await user.client
      .from('auto_reply_settings')
      .select('enabled, reply_template, demo_link')
      .single();
    expect(data).toEqual({ enabled: false, reply_template: 'Hi {first_name}: {demo_link}', demo_link: LINK });
  });

  it('a field another device changed since the edit is not overwritten unseen (409, with the settings as they are now)', async () => {
    const user = await newUser();
    created.push(user.user.id);
    const save = (settings: Record<string, unknown>, base?: Record<string, unknown>) =>
      callFunction('gmail-auto-reply', user.session.access_token, { settings, ...(base ? { base } : {}) });
    expect((await save({ enabled: true, demo_link: 'https://first.test' })).status).toBe(200);
    // The laptop changes the link; the tablet, which saw the first link, changes it too.
    expect((await save({ demo_link: 'https://laptop.test' }, { demo_link: 'https://first.test' })).status).toBe(200);
    const refused = await save(
      { demo_link: 'https://tablet.test', enabled: false },
      { demo_link: 'https://first.test', enabled: true },
    );
    expect(refused).toEqual({
      status: 409,
      body: {
        code: 'settings_conflict',
        error:
          'The demo link was changed to https://laptop.test on another device after you edited it. Save again to keep yours.',
        field: 'demo_link',
        current: { enabled: true, reply_template: DEFAULT_REPLY_TEMPLATE, demo_link: 'https://laptop.test' },
      },
    });
    expect((await user.client.from('auto_reply_settings').select('enabled, demo_link').single()).data).toEqual({
      enabled: true,
      demo_link: 'https://laptop.test',
    });
    // Saved again on what is there now: it stands. A field changed elsewhere to the same value is no conflict.
    expect(
      (
        await save(
          { demo_link: 'https://tablet.test', enabled: false },
          { demo_link: 'https://laptop.test', enabled: true },
        )
      ).status,
    ).toBe(200);
    expect((await save({ enabled: false }, { enabled: true })).status).toBe(200);
  });

  it('two saves at the same moment of different fields both stand (each is a compare-and-set)', async () => {
    const user = await newUser();
    created.push(user.user.id);
    const save = (settings: Record<string, unknown>, base: Record<string, unknown>) =>
      callFunction('gmail-auto-reply', user.session.access_token, { settings, base });
    expect((await save({ enabled: true, demo_link: LINK }, {})).status).toBe(200);
    for (let round = 0; round < 5; round += 1) {
      const link = `https://round-${round}.test`;
      const on = round % 2 === 0;
      const [a, b] = await Promise.all([
        save({ enabled: !on }, { enabled: on }),
        save({ demo_link: link }, { demo_link: round ? `https://round-${round - 1}.test` : LINK }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect((await user.client.from('auto_reply_settings').select('enabled, demo_link').single()).data).toEqual({
        enabled: !on,
        demo_link: link,
      });
    }
  });

  it('refuses what breaks a rule, with the field and the words the form shows; nothing is saved', async () => {
    const user = await newUser();
    created.push(user.user.id);
    const refused = async (settings: Record<string, unknown>, field: string, message: string) => {
      const reply = await saveSettings(user, settings);
      expect(reply.status, JSON.stringify(settings).slice(0, 80)).toBe(400);
      expect(reply.body).toMatchObject({ code: 'invalid_settings', error: message, problems: [{ field, message }] });
    };
    await refused({ reply_template: '   ', demo_link: LINK }, 'reply_template', SETTINGS_MESSAGES.templateRequired);
    await refused(
      { reply_template: 'x'.repeat(5001), demo_link: LINK },
      'reply_template',
      SETTINGS_MESSAGES.templateTooLong,
    );
    await refused({ demo_link: 'javascript:alert(1)' }, 'demo_link', SETTINGS_MESSAGES.linkNotUrl);
    await refused({ demo_link: `https://example.com/${'a'.repeat(2048)}` }, 'demo_link', SETTINGS_MESSAGES.linkTooLong);
    for (const body of [{ settings: { enabled: 'yes' } }, { settings: {} }, { settings: 'on' }, {}]) {
      const reply = await callFunction('gmail-auto-reply', user.session.access_token, body);
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('invalid_settings');
    }
    expect((await user.client.from('auto_reply_settings').select('user_id')).data).toEqual([]);
    // A template of exactly 5,000 characters is fine.
    expect((await saveSettings(user, { reply_template: 'x'.repeat(5000), enabled: false })).status).toBe(200);
  });

  it('needs a signed-in user; only the server may run the auto-reply', async () => {
    expect((await callFunction('gmail-auto-reply', null, { settings: { enabled: true } })).status).toBe(401);
    const user = await newUser();
    created.push(user.user.id);
    expect(await callFunction('gmail-auto-reply', user.session.access_token, { action: 'process' })).toEqual({
      status: 403,
      body: { code: 'forbidden', error: 'Only the server runs the auto-reply' },
    });
  });

  it('the default template is the column default of auto_reply_settings', async () => {
    const user = await newUser();
    created.push(user.user.id);
    await sql('insert into public.auto_reply_settings (user_id) values ($1)', [user.user.id]);
    const [row] = await sql<{ reply_template: string; enabled: boolean }>(
      'select reply_template, enabled from public.auto_reply_settings where user_id = $1',
      [user.user.id],
    );
    expect(row).toEqual({ reply_template: DEFAULT_REPLY_TEMPLATE, enabled: true });
  });
});
