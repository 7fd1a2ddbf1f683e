// The voice-conversation function and Norman's private agent: a Norman pass (from norman-access)
// opens it and nothing else does, a signed-in user included; a forged or expired pass is refused.
import { attempt } from '../norman/norman-access-client';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  anonClient,
  flipFirst,
  newUser,
  resetNormanAttempts,
  respelled,
  signNormanPass,
  stack,
  testAddress,
} from '../fixtures';
import { call, open, start } from './voice-conversation-fixtures';

describe("voice-conversation: Norman's private agent", () => {
  const NORMAN = 'local-norman';
  const passRequired = { error: 'Enter the Norman password to talk to Norman', code: 'norman_pass_required' };
  const passExpired = {
    error: 'Your access to Norman has expired. Enter the password again.',
    code: 'norman_pass_expired',
  };

  beforeEach(resetNormanAttempts);

  /** A pass as the Norman page gets one: the password through norman-access. */
  async function normanPass() {
    // From an address of its own: the attempts limit counts by the caller's address.
    const res = await attempt({ password: stack().normanPassword }, { from: testAddress() });
    expect(res.status).toBe(200);
    return res.body.pass as string;
  }

  it('a valid pass is enough, signed in or not: a signed URL that opens Norman', async () => {
    const s = stack();
    const pass = await normanPass();
    // As the app sends it: supabase-js with the anon key, the pass in x-norman-pass.
    const { data, error } = (await anonClient().functions.invoke<{ signedUrl: string; conversationId: string }>(
      'voice-conversation',
      { body: start(NORMAN, ''), headers: { 'x-norman-pass': pass } },
    )) as { data: { signedUrl: string; conversationId: string } | null; error: unknown };
    expect(error).toBeNull();
    const url = new URL(data!.signedUrl);
    expect(url.searchParams.get('agent_id')).toBe(NORMAN);
    expect(url.searchParams.get('conversation_signature')).toBeTruthy();
    expect(await open(data!.signedUrl)).toEqual({ conversationId: data!.conversationId });
    const record = await fetch(`${s.voiceUrl}/_local/conversations/${data!.conversationId}`, {
      headers: { 'xi-api-key': s.voiceApiKey },
    });
    expect(await record.json()).toMatchObject({ agentId: NORMAN, persona: 'Norman', signed: true });

    // The same pass serves more than one conversation while it lasts, and a signed-in user may hold it.
    const { session } = await newUser();
    const signedIn = await call(s, session.access_token, start(NORMAN, ''), { normanPass: pass });
    expect(signedIn.status).toBe(200);
    expect(await open(signedIn.body.signedUrl as string)).toEqual({ conversationId: signedIn.body.conversationId });
  });

  it('without a pass nobody gets Norman, a signed-in user included (401 norman_pass_required)', async () => {
    const s = stack();
    const { session } = await newUser();
    expect(await call(s, session.access_token, start(NORMAN))).toMatchObject({ status: 401, body: passRequired });
    expect(await call(s, s.anonKey, start(NORMAN))).toMatchObject({ status: 401, body: passRequired });
    // The agent id as the app may send it (padded) is still Norman's.
    expect(await call(s, session.access_token, start(` ${NORMAN} `))).toMatchObject({
      status: 401,
      body: passRequired,
    });
    // Other agents are as before: a user gets them, the anon key is told to sign in.
    expect((await call(s, session.access_token, start('local-chloe'))).status).toBe(200);
    expect(await call(s, s.anonKey, start('local-chloe'))).toMatchObject({
      status: 401,
      body: { code: 'not_signed_in' },
    });
  });

  it('a tampered pass, a made-up one or one under another password is refused (401 norman_pass_required)', async () => {
    const s = stack();
    const pass = await normanPass();
    const [expiry, signature] = pass.split('.') as [string, string];
    const forged = [
      `${expiry}.${flipFirst(signature)}`,
      // The genuine signature's bytes, spelled another way: a pass is one string, not four.
      `${expiry}.${respelled(signature)}`,
      // A longer life under the old signature.
      `${Number(expiry) + 24 * 3600_000}.${signature}`,
      `${expiry}.`,
      signature,
      'not-a-pass',
      `${pass}x`,
      'x'.repeat(5000),
      // Well formed, but signed for another password (what a rotated password leaves behind).
      signNormanPass(Date.now() + 30 * 60_000, `${s.normanPassword}-old`),
      // Well formed, but signed with another project's service-role key.
      signNormanPass(Date.now() + 30 * 60_000, s.normanPassword, s.anonKey),
    ];
    for (const normanPass of forged) {
      expect(await call(s, s.anonKey, start(NORMAN), { normanPass })).toMatchObject({
        status: 401,
        body: passRequired,
      });
    }
  });

  it('an expired pass is told apart (401 norman_pass_expired)', async () => {
    const s = stack();
    const expired = signNormanPass(Date.now() - 1000);
    expect(await call(s, s.anonKey, start(NORMAN), { normanPass: expired })).toMatchObject({
      status: 401,
      body: passExpired,
    });
    // The same derivation a minute ahead is accepted: the refusal was the expiry alone.
    const fresh = signNormanPass(Date.now() + 60_000);
    expect((await call(s, s.anonKey, start(NORMAN), { normanPass: fresh })).status).toBe(200);
  });

  it('a pass is not a user: it opens no other agent', async () => {
    const s = stack();
    const pass = await normanPass();
    expect(await call(s, s.anonKey, start('local-chloe'), { normanPass: pass })).toMatchObject({
      status: 401,
      body: { code: 'not_signed_in' },
    });
    // A bad request with a pass is still a bad request for a guest: sign in first, as before.
    expect(await call(s, s.anonKey, '{"action":', { normanPass: pass })).toMatchObject({
      status: 401,
      body: { code: 'not_signed_in' },
    });
  });
});
