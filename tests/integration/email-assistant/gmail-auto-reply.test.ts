// The gmail-auto-reply function under real Deno, against the local Google's Gmail API: which mail
// a run answers (once per thread even when two runs overlap, every skip rule, one recipient only,
// nothing while turned off) and the log row each message gets. How a reply is written is
// gmail-auto-reply-compose.test.ts's; grants and failures, and the settings, have files of their own.
import { afterAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '../../../supabase/functions/_shared/reply-template';
import { deleteUsers, newUser } from '../fixtures';
import { autoReplyAssistant, logsOf, saveSettings } from './gmail-auto-reply-fixtures';
import { connectedUser, headerOf, localGoogle, mailIn, runOnce, sentFrom } from './gmail-fixtures';

const created: string[] = [];
afterAll(() => deleteUsers(created));
const assistant = () => autoReplyAssistant(created);

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

  it('answers the sender only: never a Reply-To (one or several), and a From naming several is not answered', async () => {
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
    // An automatic reply is not relayed to an address the sender chose (RFC 3834).
    expect(sent.map((m) => headerOf(m, 'To')).sort()).toEqual([
      'person2@example.com',
      'person3@example.com',
      'person@example.com',
    ]);
    expect((await logsOf(accountId)).find((l) => l.subject === 'two senders')).toMatchObject({
      reply_status: 'skipped',
      reason: 'No sender address to reply to',
    });
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
