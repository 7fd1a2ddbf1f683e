// The gmail-oauth function under real Deno, through the gateway, with the local Google's real
// consent page and token endpoint: who may start a consent, what the consent URL carries, how the
// answer is checked (a tampered, expired, replayed or someone else's state is refused), and where
// the tokens end up (a table no client role can read).
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  callbackFor,
  callFunction,
  complete,
  connectedUser,
  consent,
  initiate,
  newMailbox,
  signState,
} from './gmail-fixtures';
import { anonClient, deleteUsers, flipFirst, newUser, respelled, serviceClient, sql, stack } from '../fixtures';

const created: string[] = [];
afterAll(() => deleteUsers(created));

async function user() {
  const u = await newUser();
  created.push(u.user.id);
  return u;
}

describe('initiate: a consent URL for the signed-in user', () => {
  it("is Google's consent page for this client, with a signed state, PKCE S256 and the app's callback", async () => {
    const u = await user();
    const url = await initiate(u);
    expect(url.origin).toBe(stack().googleUrl);
    expect(url.pathname).toBe('/o/oauth2/v2/auth');
    const p = url.searchParams;
    expect(p.get('response_type')).toBe('code');
    expect(p.get('redirect_uri')).toBe(callbackFor());
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('access_type')).toBe('offline');
    expect(p.get('scope')!.split(' ')).toEqual(
      expect.arrayContaining([
        'https://www.googleapis.com/auth/gmail.readonly',
        'https://www.googleapis.com/auth/gmail.send',
        'email',
      ]),
    );
    // The state names the user and expires in ten minutes; the verifier never leaves the server.
    const state = p.get('state')!;
    const [version, nonce, userId, expiry] = state.split('.');
    expect(version).toBe('v1');
    expect(userId).toBe(u.user.id);
    expect(Number(expiry) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Number(expiry) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const [row] = await sql<{ user_id: string; code_verifier: string; return_origin: string; used_at: unknown }>(
      'select user_id, code_verifier, return_origin, used_at from public.gmail_oauth_states where nonce = $1',
      [nonce],
    );
    expect(row).toMatchObject({ user_id: u.user.id, return_origin: APP_ORIGIN, used_at: null });
    expect(url.href).not.toContain(row!.code_verifier);
  });

  it('the callback follows the calling app: another allowed origin gets its own page; an unknown origin is refused', async () => {
    const u = await user();
    const dev = await initiate(u, 'http://localhost:5173');
    expect(dev.searchParams.get('redirect_uri')).toBe('http://localhost:5173/gmail-oauth-callback.html');
    // A tool (no Origin) gets the main app's.
    expect((await initiate(u, null)).searchParams.get('redirect_uri')).toBe(callbackFor());
    const evil = await callFunction(
      'gmail-oauth',
      u.session.access_token,
      { action: 'initiate' },
      { origin: 'https://evil.example' },
    );
    expect(evil).toEqual({
      status: 403,
      body: { code: 'origin_not_allowed', error: 'Gmail cannot be connected from this address of the app.' },
    });
  });

  it('needs a signed-in user: the anon key and no token are told to sign in; an unknown action is refused', async () => {
    for (const token of [null, stack().anonKey]) {
      const reply = await callFunction('gmail-oauth', token, { action: 'initiate' });
      expect(reply).toEqual({ status: 401, body: { code: 'not_signed_in', error: 'Please sign in to use Chloe' } });
    }
    const u = await user();
    expect(await callFunction('gmail-oauth', u.session.access_token, { action: 'steal' })).toEqual({
      status: 400,
      body: { code: 'unknown_action', error: 'Unknown action: steal' },
    });
    expect((await callFunction('gmail-oauth', u.session.access_token, '{not json')).status).toBe(400);
  });
});

describe('complete: the consent comes back', () => {
  it('connects the chosen mailbox: account active, tokens stored out of every client’s reach', async () => {
    const u = await user();
    const mailbox = await newMailbox('connect');
    const back = await consent(await initiate(u), mailbox);
    expect(`${back.origin}${back.pathname}`).toBe(callbackFor());
    const reply = await complete(u, back.searchParams.get('code'), back.searchParams.get('state'));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const accountId = (reply.body.account as { id: string }).id;
    expect(reply.body).toEqual({ account: { id: accountId, email_address: mailbox } });

    // The owner sees the account (never the tokens); the tokens are the service role's only.
    const { data: accounts } = await u.client.from('gmail_accounts').select('*');
    expect(accounts).toEqual([
      expect.objectContaining({ id: accountId, email_address: mailbox, account_status: 'active', status_detail: null }),
    ]);
    expect(JSON.stringify(accounts)).not.toMatch(/ya29|1\/\/local/);
    const [credentials] = await sql<{ refresh_token: string; access_token: string; history_id: string; scope: string }>(
      'select refresh_token, access_token, history_id, scope from public.gmail_credentials where gmail_account_id = $1',
      [accountId],
    );
    expect(credentials!.refresh_token).toMatch(/^1\/\/local-/);
    expect(credentials!.access_token).toMatch(/^ya29\.local-/);
    expect(credentials!.history_id).toMatch(/^\d+$/);
    expect(credentials!.scope).toContain('gmail.send');
  });

  it('no client role can read or write the tokens, the states or the thread claims, nor call the server’s functions', async () => {
    const { user: owner, accountId } = await connectedUser();
    created.push(owner.user.id);
    for (const client of [anonClient(), owner.client]) {
      const tables = [
        ['gmail_credentials', 'refresh_token', { gmail_account_id: accountId, refresh_token: 'mine now' }],
        [
          'gmail_oauth_states',
          'nonce',
          {
            nonce: 'a'.repeat(32),
            user_id: owner.user.id,
            code_verifier: 'b'.repeat(43),
            return_origin: APP_ORIGIN,
            expires_at: new Date().toISOString(),
          },
        ],
        ['gmail_thread_replies', 'thread_id', { gmail_account_id: accountId, thread_id: 't' }],
      ] as const;
      for (const [table, key, row] of tables) {
        const read = await client.from(table).select('*');
        expect(read.error?.code, `${table} read`).toBe('42501');
        const write = await client.from(table).insert<object>(row);
        expect(write.error?.code, `${table} write`).toBe('42501');
        const update = await client.from(table).update<object>(row).eq(key, 'x');
        expect(update.error?.code, `${table} update`).toBe('42501');
      }
      const rpc = await client.rpc('gmail_connect_account', {
        p_user_id: owner.user.id,
        p_email_address: 'stolen@gmail.test',
        p_refresh_token: 'x',
        p_access_token: 'x',
        p_access_token_expires_at: new Date().toISOString(),
        p_scope: 'x',
        p_history_id: '1',
      });
      expect(rpc.error?.code).toBe('42501');
      const begin = await client.rpc('gmail_claim_thread', {
        p_gmail_account_id: accountId,
        p_thread_id: 't',
        p_email_log_id: null,
      });
      expect(begin.error?.code).toBe('42501');
    }
    // An account row cannot be written by its owner either: only the function connects accounts.
    const forged = await owner.client
      .from('gmail_accounts')
      .insert({ user_id: owner.user.id, email_address: 'x@gmail.test' });
    expect(forged.error?.code).toBe('42501');
    // The service role (the functions) can.
    const service = await serviceClient()
      .from('gmail_credentials')
      .select('gmail_account_id')
      .eq('gmail_account_id', accountId);
    expect(service.data).toEqual([{ gmail_account_id: accountId }]);
  });

  it('a replayed state is refused, and the code is not exchanged twice', async () => {
    const u = await user();
    const back = await consent(await initiate(u), await newMailbox('replay'));
    const [code, state] = [back.searchParams.get('code'), back.searchParams.get('state')];
    expect((await complete(u, code, state)).status).toBe(200);
    expect(await complete(u, code, state)).toEqual({
      status: 409,
      body: {
        code: 'state_used',
        error: 'This Gmail sign-in has already been used or has expired. Please start again.',
      },
    });
    // Even with a fresh state of the same user, an already-used code is Google's to refuse.
    const again = await consent(await initiate(u), await newMailbox('replay-2'));
    const reused = await complete(u, code, again.searchParams.get('state'));
    expect(reused.status).toBe(502);
    expect(reused.body.code).toBe('google_refused');
    const { data } = await u.client.from('gmail_accounts').select('id');
    expect(data).toHaveLength(1);
  });

  it('a tampered state is refused before anything is looked up; an expired one is said to be expired', async () => {
    const u = await user();
    const back = await consent(await initiate(u), await newMailbox('tamper'));
    const code = back.searchParams.get('code');
    const state = back.searchParams.get('state')!;
    const [v, nonce, userId, expiry, signature] = state.split('.') as [string, string, string, string, string];
    const invalid = {
      status: 400,
      body: { code: 'state_invalid', error: 'This Gmail sign-in could not be verified. Please start again.' },
    };
    for (const tampered of [
      `${v}.${nonce}.${userId}.${expiry}.${flipFirst(signature)}`,
      // The genuine signature's bytes, spelled another way.
      `${v}.${nonce}.${userId}.${expiry}.${respelled(signature)}`,
      `${v}.${flipFirst(nonce)}.${userId}.${expiry}.${signature}`,
      `${v}.${nonce}.${userId}.${Number(expiry) + 60_000}.${signature}`,
      // A state signed with another key (someone who does not hold the service-role key).
      signState(nonce, userId, Number(expiry), `not-the-key-${randomBytes(8).toString('hex')}`),
      'v1.garbage',
      '',
    ]) {
      expect(await complete(u, code, tampered)).toEqual(invalid);
    }
    // Still unused: the genuine state then works.
    expect((await complete(u, code, state)).status).toBe(200);

    // A state the server really made, past its ten minutes.
    const old = signState(nonce, userId, Date.now() - 1000);
    expect(await complete(u, code, old)).toEqual({
      status: 400,
      body: { code: 'state_expired', error: 'This Gmail sign-in took too long. Please start again.' },
    });
    // The row's own expiry is enforced in Postgres too.
    const second = await consent(await initiate(u), await newMailbox('late'));
    const lateNonce = second.searchParams.get('state')!.split('.')[1];
    await sql(`update public.gmail_oauth_states set expires_at = now() - interval '1 second' where nonce = $1`, [
      lateNonce,
    ]);
    expect((await complete(u, second.searchParams.get('code'), second.searchParams.get('state'))).status).toBe(409);
  });

  it("a consent started by someone else and finished in this user's browser is refused (the mailbox is not theirs to take)", async () => {
    const attacker = await user();
    const victim = await user();
    // The attacker starts a consent and sends the link; the victim allows it with their mailbox.
    const back = await consent(await initiate(attacker), await newMailbox('victim'));
    const [code, state] = [back.searchParams.get('code'), back.searchParams.get('state')];
    expect(await complete(victim, code, state)).toEqual({
      status: 403,
      body: {
        code: 'state_not_yours',
        error: 'This Gmail sign-in was started from another account. Please start again.',
      },
    });
    expect((await victim.client.from('gmail_accounts').select('id')).data).toEqual([]);
    expect((await attacker.client.from('gmail_accounts').select('id')).data).toEqual([]);
  });

  it('Deny at Google sends the popup back with access_denied and nothing is connected', async () => {
    const u = await user();
    const url = await initiate(u);
    const back = await consent(url, await newMailbox('deny'), 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(url.searchParams.get('state'));
    expect(back.searchParams.get('code')).toBeNull();
    expect((await u.client.from('gmail_accounts').select('id')).data).toEqual([]);
  });

  it('reconnecting the same mailbox updates its row: active again, connected_at moves, the error is gone', async () => {
    const mailbox = await newMailbox('again');
    const { user: u, accountId } = await connectedUser(mailbox);
    created.push(u.user.id);
    await sql(
      `update public.gmail_accounts set account_status = 'error', status_detail = 'revoked', connected_at = now() - interval '1 day' where id = $1`,
      [accountId],
    );
    const back = await consent(await initiate(u), mailbox);
    const reply = await complete(u, back.searchParams.get('code'), back.searchParams.get('state'));
    expect(reply.body).toEqual({ account: { id: accountId, email_address: mailbox } });
    const [row] = await sql<{ account_status: string; status_detail: string | null; recent: boolean }>(
      `select account_status, status_detail, connected_at > now() - interval '1 minute' as recent from public.gmail_accounts where id = $1`,
      [accountId],
    );
    expect(row).toEqual({ account_status: 'active', status_detail: null, recent: true });
  });
});
