// @vitest-environment node
// The local inbox: what the auth service sends, newest first, as a page and as JSON for tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../stack/process.mjs';
import { startMailServer } from './index.mjs';
import { createMailbox } from './mailbox.mjs';

const mailbox = createMailbox();
let mail: Awaited<ReturnType<typeof startMailServer>>;
beforeAll(async () => {
  mail = await startMailServer({ port: await freePort(), mailbox });
});
afterAll(() => mail?.stop());

const send = (to: string, subject: string) =>
  mailbox.send({ to, subject, text: subject, html: `<p>${subject} <a href="x?a=1&amp;b=2">link</a></p>` });

describe('the local inbox', () => {
  it('lists mail newest first, for one address in any case; no other site may read it', async () => {
    send('Ann@example.test', 'First');
    send('bob@example.test', 'For Bob');
    send('ann@example.test', 'Second');
    const res = await fetch(`${mail.url}/api/messages?to=ANN@example.test`);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const messages = (await res.json()) as { subject: string; created_at: string }[];
    expect(messages.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(((await (await fetch(`${mail.url}/api/messages`)).json()) as unknown[]).length).toBe(3);
  });

  it('shows the mail as a page, the subject escaped and the body as sent', async () => {
    send('eve@example.test', '<script>alert(1)</script>');
    const page = await (await fetch(`${mail.url}/?to=eve@example.test`)).text();
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;</h2>');
    expect(page).toContain('<a href="x?a=1&amp;b=2">link</a>');
    expect(page).not.toContain('For Bob');
  });

  it('answers anything else with a 404', async () => {
    const res = await fetch(`${mail.url}/api/messages`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Not found');
  });
});
