// The features this project keeps off, through supabase-js as the app would call them: each is
// answered as Supabase Auth answers with it off (status, error code, message), never a 404 of the
// gateway or a success.
import { describe, expect, it } from 'vitest';
import { anonClient, newUser, stack } from '../../../../tests/integration/fixtures';

const refusal = (error: { status?: number; code?: string; message: string } | null) =>
  error && { status: error.status, code: error.code, message: error.message };

describe('features kept off', () => {
  it('SSO, Web3 and ID-token sign-in', async () => {
    const auth = anonClient().auth;
    expect(refusal((await auth.signInWithSSO({ domain: 'example.com' })).error)).toEqual({
      status: 404,
      code: 'saml_provider_disabled',
      message: 'SAML 2.0 is disabled',
    });
    expect(
      refusal((await auth.signInWithIdToken({ provider: 'google', token: 'header.payload.signature' })).error),
    ).toEqual({
      status: 400,
      code: 'provider_disabled',
      message: 'Provider (issuer "https://accounts.google.com") is not enabled',
    });
    const web3 = await fetch(`${stack().apiUrl}/auth/v1/token?grant_type=web3`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ chain: 'solana', message: 'm', signature: 's' }),
    });
    expect(web3.status).toBe(422);
    expect(await web3.json()).toMatchObject({ error_code: 'web3_provider_disabled', msg: 'Web3 provider is disabled' });
  });

  it('identity linking and MFA enrolment, for a signed-in user; a stranger is refused first', async () => {
    const { client } = await newUser();
    const { data: me } = await client.auth.getUser();
    expect(refusal((await client.auth.unlinkIdentity(me.user!.identities![0]!)).error)).toEqual({
      status: 404,
      code: 'manual_linking_disabled',
      message: 'Manual linking is disabled',
    });
    expect(refusal((await client.auth.mfa.enroll({ factorType: 'totp' })).error)).toEqual({
      status: 422,
      code: 'mfa_totp_enroll_not_enabled',
      message: 'MFA enroll is disabled for TOTP',
    });
    const stranger = await fetch(`${stack().apiUrl}/auth/v1/factors`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ factor_type: 'totp' }),
    });
    expect(stranger.status).toBe(401);
  });

  it('passkeys, the OAuth server and the signing keys (HS256 only: an empty key set)', async () => {
    const headers = { apikey: stack().anonKey };
    const passkeys = await fetch(`${stack().apiUrl}/auth/v1/passkeys/authentication/options`, {
      method: 'POST',
      headers,
    });
    expect(passkeys.status).toBe(404);
    expect(await passkeys.json()).toMatchObject({ error_code: 'passkey_disabled', msg: 'Passkeys are disabled' });
    const oauth = await fetch(`${stack().apiUrl}/auth/v1/.well-known/oauth-authorization-server`, { headers });
    expect(oauth.status).toBe(404);
    expect(await oauth.json()).toMatchObject({ error_code: 'feature_disabled', msg: 'OAuth server is disabled' });
    const jwks = await fetch(`${stack().apiUrl}/auth/v1/.well-known/jwks.json`, { headers });
    expect(await jwks.json()).toEqual({ keys: [] });
    // getClaims then asks the auth service, as against a hosted project on the legacy secret.
    const { client } = await newUser();
    const claims = await client.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.claims.role).toBe('authenticated');
  });
});
