// One shared inbox connected by two Chloe accounts (an agency's two users): each thread gets one
// automatic reply, whoever's run reaches it first, and both activity logs say who answered
// (docs/decisions/022-one-reply-per-mailbox.md).
import { afterAll, describe, expect, it } from 'vitest';
import { answeredBy } from '../../../supabase/functions/_shared/reply-template';
import { deleteUsers } from '../fixtures';
import { LINK, logsOf, saveSettings } from './gmail-auto-reply-fixtures';
import { connectedUser, localGoogle, mailIn, newMailbox, runOnce, sentFrom } from './gmail-fixtures';

const created: string[] = [];
afterAll(() => deleteUsers(created));

async function userOf(mailbox: string) {
  const connected = await connectedUser(mailbox);
  created.push(connected.user.user.id);
  expect((await saveSettings(connected.user, { enabled: true, demo_link: LINK })).status).toBe(200);
  return connected;
}

describe('a mailbox connected by two Chloe accounts', () => {
  it('answers each thread once, and each log says who answered', async () => {
    const mailbox = await newMailbox('shared');
    const ana = await userOf(mailbox);
    const ben = await userOf(mailbox);
    expect(ana.accountId).not.toBe(ben.accountId);

    // Each account knows the mailbox is shared (how many others, no names).
    for (const [me, them] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      const shared = (await me.user.client.rpc('gmail_shared_mailboxes')) as { data: unknown; error: unknown };
      expect(shared.error).toBeNull();
      expect(shared.data).toEqual({ [mailbox.toLowerCase()]: 1 });
      expect(them.user.email).not.toBe(me.user.email);
    }

    const first = await mailIn(mailbox, { from: 'Priya Shah <priya@example.com>', subject: 'Viewing on Saturday?' });
    const second = await mailIn(mailbox, { from: 'tom@example.org', subject: 'Offer on 27 Mill Lane' });
    // Both runs at work on the same messages at once.
    await localGoogle(mailbox, 'slow', { ms: 150 });
    await Promise.all([runOnce([ana.accountId]), runOnce([ben.accountId])]);
    await localGoogle(mailbox, 'slow', { ms: 0 });

    const sent = await sentFrom(mailbox);
    expect(sent.map((m) => m.threadId).sort()).toEqual([first.threadId, second.threadId].sort());

    const logs = { ana: await logsOf(ana.accountId), ben: await logsOf(ben.accountId) };
    expect(logs.ana).toHaveLength(2);
    expect(logs.ben).toHaveLength(2);
    for (const thread of [first.threadId, second.threadId]) {
      const a = logs.ana.find((l) => l.gmail_thread_id === thread)!;
      const b = logs.ben.find((l) => l.gmail_thread_id === thread)!;
      const statuses = [a.reply_status, b.reply_status].sort();
      expect(statuses).toEqual(['replied', 'skipped']);
      const [skipped, by] = a.reply_status === 'skipped' ? [a, ben] : [b, ana];
      expect(skipped.reason).toBe(answeredBy(by.user.email));
    }

    // Later runs of either account send nothing more.
    await runOnce([ana.accountId, ben.accountId]);
    expect(await sentFrom(mailbox)).toHaveLength(2);
  });
});
