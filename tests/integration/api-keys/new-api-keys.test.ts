// A project that turned its legacy API keys off (CHLOE_API_KEYS=new): clients hold only an
// sb_publishable_ key, staff tools and schedules an sb_secret_ key, neither of them a JWT. The
// gateway swaps each for its role's JWT as hosted Supabase's does; the functions (verify_jwt =
// false, supabase/config.toml) check their callers themselves and call back with the new keys.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../../supabase/local/shared/keys.mjs';
import { runAutoReply } from '../../../supabase/local/stack/auto-reply.mjs';
import { ownStack } from '../../stack-fixture';
import { clientWithKey } from '../fixtures';

const own = ownStack({ apiKeyKind: 'new' }, { beforeAll, afterAll });
const info = () => own.stack!.info;
const client = (key: string) => clientWithKey(key, {}, info().apiUrl);

describe('with only the new API keys', () => {
  it('hands out sb_ keys and refuses the legacy JWT keys', async () => {
    expect(info().anonKey).toMatch(/^sb_publishable_[A-Za-z0-9_-]{31}$/);
    expect(info().serviceRoleKey).toMatch(/^sb_secret_[A-Za-z0-9_-]{31}$/);
    const legacy = await apiKeys(info().jwtSecret);
    const refused = await fetch(`${info().apiUrl}/rest/v1/saved_properties?select=id`, {
      headers: { apikey: legacy.anonKey },
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({
      message: 'Invalid API key',
      hint: 'Legacy API keys are disabled: use a publishable or secret key.',
    });
    // Nor as the bearer beside a valid key: the legacy service_role key opens nothing.
    for (const path of ['/rest/v1/saved_properties?select=id', '/auth/v1/admin/users']) {
      const asBearer = await fetch(`${info().apiUrl}${path}`, {
        headers: { apikey: info().anonKey, authorization: `Bearer ${legacy.serviceRoleKey}` },
      });
      expect(asBearer.status).toBe(401);
    }
  });

  it('a user signs up and reads their own rows with the publishable key; the secret key sees everyone’s', async () => {
    const app = client(info().anonKey);
    const email = `newkeys-${randomUUID().slice(0, 8)}@example.test`;
    const signUp = await app.auth.signUp({ email, password: `pw-${randomUUID()}` });
    expect(signUp.error).toBeNull();
    const userId = signUp.data.user!.id;
    const saved = await app
      .from('saved_properties')
      .insert({ id: randomUUID(), user_id: userId, title: 'Flat, new keys' })
      .select('title');
    expect(saved).toMatchObject({ error: null, data: [{ title: 'Flat, new keys' }] });

    // Without a session the publishable key is anon, which has no privilege on the table at all.
    expect((await client(info().anonKey).from('saved_properties').select('id')).error).toMatchObject({
      code: '42501',
      message: 'permission denied for table saved_properties',
    });

    const staff = client(info().serviceRoleKey);
    const rows = await staff.from('saved_properties').select('title').eq('user_id', userId);
    expect(rows).toMatchObject({ error: null, data: [{ title: 'Flat, new keys' }] });
    const admin = await staff.auth.admin.getUserById(userId);
    expect(admin.error).toBeNull();
    expect(admin.data.user?.email).toBe(email);
    expect((await staff.auth.admin.deleteUser(userId)).error).toBeNull();
  });

  it('the functions take a secret key as staff and a user’s session as the user; a publishable key is nobody', async () => {
    // The auto-reply's scheduled run, with the secret key as its bearer (the local pg_cron's call).
    await expect(runAutoReply({ apiUrl: info().apiUrl, serviceRoleKey: info().serviceRoleKey })).resolves.toMatchObject(
      {
        failed: 0,
      },
    );

    const app = client(info().anonKey);
    const email = `newkeys-fn-${randomUUID().slice(0, 8)}@example.test`;
    const { data } = await app.auth.signUp({ email, password: `pw-${randomUUID()}` });
    const asUser = await app.functions.invoke('voice-conversation', {
      body: { action: 'start_conversation', agentId: 'local-chloe', context: 'The user is signed in.' },
    });
    expect(asUser.error).toBeNull();

    const anonymous = await fetch(`${info().apiUrl}/functions/v1/gmail-auto-reply`, {
      method: 'POST',
      headers: {
        apikey: info().anonKey,
        authorization: `Bearer ${info().anonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ action: 'process' }),
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'not_signed_in' });
    await client(info().serviceRoleKey).auth.admin.deleteUser(data.user!.id);
  });
});
