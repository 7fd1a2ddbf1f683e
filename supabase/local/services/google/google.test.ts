// @vitest-environment node
// The local Google on its own: the OAuth consent and code exchange (with PKCE), the Gmail calls
// the functions make, the local tools, a state file that outlives a restart, and mail as text.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../stack/process.mjs';
import { DEMO_GRANT } from './accounts.mjs';
import { startGoogleService } from './index.mjs';
import { addressOf, decodeWords, parseRfc2822 } from './rfc2822.mjs';

const client = { clientId: 'test-client', clientSecret: 'test-secret', redirectUris: ['http://app.test/callback'] };
let dir: string;
let google: Awaited<ReturnType<typeof startGoogleService>>;
const start = async () =>
  startGoogleService({ port: await freePort(), stateFile: path.join(dir, 'google.json'), clients: [client] });
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'chloe-google-'));
  google = await start();
});
afterAll(async () => {
  await google?.stop();
  await rm(dir, { recursive: true, force: true });
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/** Consent as a person gives it on the page: the code the client gets back. */
async function consent(account: string, challenge: string) {
  const query = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: client.redirectUris[0]!,
    response_type: 'code',
    scope: 'openid email https://www.googleapis.com/auth/gmail.readonly https://www.googleapis.com/auth/gmail.send',
    state: 'st-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const page = await (await fetch(`${google.url}/o/oauth2/v2/auth?${query.toString()}`)).text();
  expect(page).toContain('Send email on your behalf');
  const id = /name="consent" value="([0-9a-f]+)"/.exec(page)![1]!;
  const answer = await fetch(`${google.url}/o/oauth2/v2/auth`, {
    ...form({ consent: id, account, decision: 'allow' }),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location')!);
  expect(back.searchParams.get('state')).toBe('st-1');
  return back.searchParams.get('code')!;
}

describe('OAuth', () => {
  it('gives a code for a consent, exchanged once with its PKCE verifier for tokens that open Gmail', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const code = await consent('alex.mover@gmail.test', createHash('sha256').update(verifier).digest('base64url'));
    const exchange = (codeVerifier: string) =>
      fetch(`${google.url}/token`, {
        ...form({
          grant_type: 'authorization_code',
          code,
          code_verifier: codeVerifier,
          redirect_uri: client.redirectUris[0]!,
          client_id: client.clientId,
          client_secret: client.clientSecret,
        }),
      });
    expect(await (await exchange('not-the-verifier')).json()).toMatchObject({ error: 'invalid_grant' });
    // The failed attempt used the code up, as Google does: a new consent, the right verifier.
    const verifier2 = randomBytes(32).toString('base64url');
    const code2 = await consent('alex.mover@gmail.test', createHash('sha256').update(verifier2).digest('base64url'));
    const tokens = (await (
      await fetch(`${google.url}/token`, {
        ...form({
          grant_type: 'authorization_code',
          code: code2,
          code_verifier: verifier2,
          redirect_uri: client.redirectUris[0]!,
          client_id: client.clientId,
          client_secret: client.clientSecret,
        }),
      })
    ).json()) as { access_token: string; refresh_token: string; expires_in: number };
    expect(tokens.expires_in).toBe(3599);
    const me: unknown = await (await fetch(`${google.url}/v1/userinfo`, bearer(tokens.access_token))).json();
    expect(me).toMatchObject({ email: 'alex.mover@gmail.test', email_verified: true, name: 'Alex Mover' });
    const profile = await fetch(`${google.url}/gmail/v1/users/me/profile`, bearer(tokens.access_token));
    expect(await profile.json()).toMatchObject({ emailAddress: 'alex.mover@gmail.test' });

    // Revoked: the token and the grant stop working.
    expect((await fetch(`${google.url}/revoke?token=${tokens.refresh_token}`, { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${google.url}/gmail/v1/users/me/profile`, bearer(tokens.access_token))).status).toBe(401);
  });

  it('refuses an unknown client and a redirect URI it was not given', async () => {
    const ask = (clientId: string, redirectUri: string) =>
      fetch(`${google.url}/o/oauth2/v2/auth?client_id=${clientId}&redirect_uri=${encodeURIComponent(redirectUri)}`);
    expect((await ask('nobody', client.redirectUris[0]!)).status).toBe(401);
    expect((await ask(client.clientId, 'http://evil.test/callback')).status).toBe(400);
  });
});

describe('Gmail and the local tools', () => {
  /** The demo grant seed.sql connects, refreshed as the functions refresh it. */
  async function demoToken() {
    const res = await fetch(`${google.url}/token`, {
      ...form({
        grant_type: 'refresh_token',
        refresh_token: DEMO_GRANT.refreshToken,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  }

  it('delivers dropped-in mail, lists it with its history, and sends a reply into a local inbox', async () => {
    const dropped = await fetch(`${google.url}/_local/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'demo.chloe@gmail.test', from: 'Ann <ann@example.test>', subject: 'Viewing?' }),
    });
    expect(dropped.status).toBe(201);
    const { id, historyId } = (await dropped.json()) as { id: string; historyId: string };
    const token = await demoToken();
    const gmail = (p: string) => fetch(`${google.url}/gmail/v1/users/me${p}`, bearer(token)).then((r) => r.json());
    expect(await gmail('/messages?q=in:inbox')).toMatchObject({ messages: [{ id }] });
    expect(await gmail(`/history?startHistoryId=${Number(historyId) - 1}`)).toMatchObject({
      history: [{ messages: [{ id }] }],
    });
    expect(await gmail(`/messages/${id}?format=metadata&metadataHeaders=Subject`)).toMatchObject({
      payload: { headers: [{ name: 'Subject', value: 'Viewing?' }] },
    });
    expect((await fetch(`${google.url}/gmail/v1/users/me/nothing`, bearer(token))).status).toBe(404);

    const raw = Buffer.from('To: Sam <sam.agent@gmail.test>\r\nSubject: Re: Viewing?\r\n\r\nYes.').toString(
      'base64url',
    );
    const sent = await fetch(`${google.url}/gmail/v1/users/me/messages/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ raw }),
    });
    expect(await sent.json()).toMatchObject({ labelIds: ['SENT'] });
    const sam = (await (await fetch(`${google.url}/_local/mailboxes/sam.agent@gmail.test`)).json()) as {
      messages: { subject: string; labelIds: string[] }[];
    };
    expect(sam.messages.at(-1)).toMatchObject({ subject: 'Re: Viewing?', labelIds: ['INBOX', 'UNREAD'] });
    expect((await fetch(`${google.url}/_local/mailboxes/nobody@gmail.test`)).status).toBe(404);
  });

  it('keeps mailboxes and grants across a restart', async () => {
    await fetch(`${google.url}/_local/mailboxes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kept@gmail.test', name: 'Kept' }),
    });
    await google.stop();
    google = await start();
    expect((await fetch(`${google.url}/_local/mailboxes/kept@gmail.test`)).status).toBe(200);
    expect(await demoToken()).toMatch(/^ya29\.local-/);
  });
});

describe('mail as text', () => {
  it('reads a raw message: folded headers, a base64 body, encoded words, the address', () => {
    const raw = [
      'To: "Ann B" <Ann@Example.test>',
      'Subject: =?UTF-8?B?Q2Fmw6k=?= =?UTF-8?Q?_au_lait?=',
      'X-Long: one',
      ' two',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('Hello, £5').toString('base64'),
    ].join('\r\n');
    const { headers, body } = parseRfc2822(raw);
    expect(headers.find((h) => h.name === 'X-Long')?.value).toBe('one two');
    expect(body).toBe('Hello, £5');
    expect(decodeWords(headers.find((h) => h.name === 'Subject')!.value)).toBe('Café au lait');
    expect(addressOf(headers[0]!.value)).toBe('ann@example.test');
    expect(addressOf('no address')).toBeNull();
  });
});
