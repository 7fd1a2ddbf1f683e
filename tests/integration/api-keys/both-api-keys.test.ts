// A project in the middle of the switch (the local default): the legacy JWT keys and the new
// sb_ keys work side by side, so clients can move one at a time.
import { describe, expect, it } from 'vitest';
import { apiKeys } from '../../../supabase/local/shared/keys.mjs';
import { clientWithKey, newUser, stack } from '../fixtures';

describe('legacy and new API keys together', () => {
  it('a user of the legacy key is found by staff with the secret key; the publishable key signs them in', async () => {
    const keys = await apiKeys(stack().jwtSecret);
    expect(stack().anonKey).toBe(keys.anonKey);
    const u = await newUser();
    const staff = clientWithKey(keys.secretKey);
    const found = await staff.auth.admin.getUserById(u.user.id);
    expect(found.data.user?.email).toBe(u.email);
    const signedIn = await clientWithKey(keys.publishableKey).auth.signInWithPassword({
      email: u.email,
      password: u.password,
    });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.id).toBe(u.user.id);
    // A publishable key as the bearer is nobody signed in: the function says so itself.
    const asAnon = await fetch(`${stack().apiUrl}/functions/v1/gmail-oauth`, {
      method: 'POST',
      headers: { apikey: keys.publishableKey, authorization: `Bearer ${keys.publishableKey}` },
    });
    expect(asAnon.status).toBe(401);
    expect(await staff.auth.admin.deleteUser(u.user.id)).toMatchObject({ error: null });
  });
});
