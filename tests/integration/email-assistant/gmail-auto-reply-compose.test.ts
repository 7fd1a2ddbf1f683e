// The gmail-auto-reply function's replies as Gmail receives them: RFC 2047 words read and written,
// the placeholders filled exactly as the Settings preview fills them, and the reply threaded to the
// message it answers.
import { afterAll, describe, expect, it } from 'vitest';
import { fillReplyTemplate } from '../../../supabase/functions/_shared/reply-template';
import { deleteUsers } from '../fixtures';
import { autoReplyAssistant, LINK, logsOf, saveSettings } from './gmail-auto-reply-fixtures';
import { headerOf, mailboxOf, mailIn, runOnce, sentFrom, textOf } from './gmail-fixtures';

const created: string[] = [];
afterAll(() => deleteUsers(created));
const assistant = () => autoReplyAssistant(created);

describe('a run answers new mail', () => {
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
});
