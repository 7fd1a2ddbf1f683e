import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonClient, newUser, serviceClient, sql, stack, uniqueEmail } from '../../../../tests/integration/fixtures';

/** A user made through the admin API, confirmed, with a known password. */
async function createConfirmed(label = 'admin') {
  const email = uniqueEmail(label);
  const password = `pw-${randomUUID()}`;
  const { data, error } = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (error || !data.user) throw new Error(`createUser failed: ${error?.message}`);
  return { id: data.user.id, email, password };
}

const signIn = (email: string, password: string) => anonClient().auth.signInWithPassword({ email, password });

// GoTrue's admin API (auth.admin.* in supabase-js), service role only.
describe('auth admin API', () => {
  it('creates a user who can then sign in with the password', async () => {
    const email = uniqueEmail('Created');
    const { data, error } = await serviceClient().auth.admin.createUser({
      email: email.toUpperCase(),
      password: 'a-password',
      email_confirm: true,
      user_metadata: { full_name: 'Ada' },
      app_metadata: { staff: true },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email: email.toLowerCase(),
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: { full_name: 'Ada', email_verified: true },
      app_metadata: { provider: 'email', providers: ['email'], staff: true },
    });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const [row] = await sql<{ encrypted_password: string }>('select encrypted_password from auth.users where id = $1', [
      data.user?.id,
    ]);
    expect(row?.encrypted_password).toMatch(/^\$2[aby]\$10\$/);

    const signedIn = await signIn(email, 'a-password');
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.id).toBe(data.user?.id);
  });

  it('refuses a taken address (422 email_exists), an invalid one and none', async () => {
    const admin = serviceClient().auth.admin;
    const { email } = await newUser();
    const taken = await admin.createUser({ email, password: 'a-password' });
    expect({ status: taken.error?.status, code: taken.error?.code, message: taken.error?.message }).toEqual({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
    const invalid = await admin.createUser({ email: 'not-an-email', password: 'a-password' });
    expect({ status: invalid.error?.status, code: invalid.error?.code }).toEqual({
      status: 400,
      code: 'validation_failed',
    });
    const none = await admin.createUser({ password: 'a-password' });
    expect({ status: none.error?.status, message: none.error?.message }).toEqual({
      status: 400,
      message: 'Cannot create a user without either an email or phone',
    });
  });

  it('lists users newest first, a page at a time, with the total', async () => {
    const created = [await createConfirmed('list'), await createConfirmed('list'), await createConfirmed('list')];
    const [{ n: total } = { n: 0 }] = await sql<{ n: number }>(
      `select count(*)::int as n from auth.users where aud = 'authenticated'`,
    );
    const admin = serviceClient().auth.admin;
    const first = await admin.listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    expect(first.data.users.map((u) => u.id)).toEqual([created[2]?.id, created[1]?.id]);
    expect(first.data).toMatchObject({ total, nextPage: 2, aud: 'authenticated' });
    const second = await admin.listUsers({ page: 2, perPage: 2 });
    expect(second.data.users[0]?.id).toBe(created[0]?.id);

    // Every page once: no user twice, none missing.
    const lastPage = Math.ceil(total / 2);
    const ids: string[] = [];
    for (let page = 1; page <= lastPage; page++) {
      const { data } = await admin.listUsers({ page, perPage: 2 });
      ids.push(...data.users.map((u) => u.id));
    }
    expect(new Set(ids).size).toBe(total);
    expect(ids).toHaveLength(total);

    // The headers as GoTrue sends them (auth-js reads nextPage, lastPage and total from these).
    const res = await fetch(`${stack().apiUrl}/auth/v1/admin/users?page=1&per_page=2`, {
      headers: { apikey: stack().serviceRoleKey, authorization: `Bearer ${stack().serviceRoleKey}` },
    });
    expect(res.headers.get('x-total-count')).toBe(String(total));
    expect(res.headers.get('link')).toBe(
      `</admin/users?page=2&per_page=2>; rel="next", </admin/users?page=${lastPage}&per_page=2>; rel="last"`,
    );
    const last = await fetch(`${stack().apiUrl}/auth/v1/admin/users?page=${lastPage}&per_page=2`, {
      headers: { apikey: stack().serviceRoleKey, authorization: `Bearer ${stack().serviceRoleKey}` },
    });
    expect(last.headers.get('link')).toBe(`</admin/users?page=${lastPage}&per_page=2>; rel="last"`);
  });

  it('gets a user by id; an unknown or malformed id is a 404', async () => {
    const { id, email } = await createConfirmed('get');
    const admin = serviceClient().auth.admin;
    const { data, error } = await admin.getUserById(id);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id, email });

    const unknown = await admin.getUserById(randomUUID());
    expect({ status: unknown.error?.status, code: unknown.error?.code, message: unknown.error?.message }).toEqual({
      status: 404,
      code: 'user_not_found',
      message: 'User not found',
    });
    // auth-js checks the id itself; GoTrue answers a malformed one with a 404 as well.
    const res = await fetch(`${stack().apiUrl}/auth/v1/admin/users/not-a-uuid`, {
      headers: { apikey: stack().serviceRoleKey, authorization: `Bearer ${stack().serviceRoleKey}` },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error_code: 'validation_failed', msg: 'user_id must be an UUID' });
  });

  it('updates email, password and metadata; the old password and sessions stop working', async () => {
    const u = await createConfirmed('update');
    const before = await signIn(u.email, u.password);
    expect(before.error).toBeNull();
    const admin = serviceClient().auth.admin;
    await admin.updateUserById(u.id, { user_metadata: { full_name: 'Old', keep: 1 } });

    const email = uniqueEmail('updated');
    const { data, error } = await admin.updateUserById(u.id, {
      email,
      password: 'the-new-password',
      user_metadata: { full_name: 'New', keep: null },
      app_metadata: { staff: true },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: u.id, email, app_metadata: { provider: 'email', staff: true } });
    expect(data.user?.user_metadata).toEqual({ email_verified: true, full_name: 'New' });

    expect((await signIn(u.email, u.password)).error?.code).toBe('invalid_credentials');
    expect((await signIn(email, u.password)).error?.code).toBe('invalid_credentials');
    expect((await signIn(email, 'the-new-password')).error).toBeNull();
    // As GoTrue: a password set by an admin ends the user's sessions.
    const refreshed = await anonClient().auth.refreshSession({
      refresh_token: before.data.session?.refresh_token ?? '',
    });
    expect(refreshed.error?.status).toBe(400);
  });

  it('refuses a short password and a taken address on update', async () => {
    const u = await createConfirmed('update-refused');
    const other = await createConfirmed('other');
    const admin = serviceClient().auth.admin;
    const short = await admin.updateUserById(u.id, { password: '123' });
    expect({ status: short.error?.status, code: short.error?.code }).toEqual({ status: 422, code: 'weak_password' });
    const taken = await admin.updateUserById(u.id, { email: other.email });
    expect({ status: taken.error?.status, code: taken.error?.code }).toEqual({ status: 422, code: 'email_exists' });
    expect((await signIn(u.email, u.password)).error).toBeNull();
  });

  it('deletes a user with their sessions and rows; they can no longer sign in', async () => {
    const u = await newUser();
    const { error: insertError } = await u.client.from('saved_properties').insert({ title: 'Flat' });
    expect(insertError).toBeNull();
    const admin = serviceClient().auth.admin;
    const { error } = await admin.deleteUser(u.user.id);
    expect(error).toBeNull();

    expect((await signIn(u.email, u.password)).error?.code).toBe('invalid_credentials');
    const refreshed = await anonClient().auth.refreshSession({ refresh_token: u.session.refresh_token });
    expect(refreshed.error?.status).toBe(400);
    const [left] = await sql<{ users: number; sessions: number; rows: number }>(
      `select (select count(*)::int from auth.users where id = $1) as users,
              (select count(*)::int from auth.sessions where user_id = $1) as sessions,
              (select count(*)::int from public.saved_properties where user_id = $1) as rows`,
      [u.user.id],
    );
    expect(left).toEqual({ users: 0, sessions: 0, rows: 0 });
    expect((await admin.getUserById(u.user.id)).error?.status).toBe(404);
    expect((await admin.deleteUser(u.user.id)).error?.code).toBe('user_not_found');
  });

  it('is refused for the anon key and for a signed-in user (403 not_admin)', async () => {
    const u = await newUser();
    const callers = [anonClient(), anonClient({ Authorization: `Bearer ${u.session.access_token}` })];
    for (const caller of callers) {
      const list = await caller.auth.admin.listUsers();
      expect({ status: list.error?.status, code: list.error?.code, message: list.error?.message }).toEqual({
        status: 403,
        code: 'not_admin',
        message: 'User not allowed',
      });
      const created = await caller.auth.admin.createUser({ email: uniqueEmail(), password: 'a-password' });
      expect(created.error?.code).toBe('not_admin');
      expect((await caller.auth.admin.getUserById(u.user.id)).error?.code).toBe('not_admin');
      const updated = await caller.auth.admin.updateUserById(u.user.id, { password: 'taken-over' });
      expect(updated.error?.code).toBe('not_admin');
      expect((await caller.auth.admin.deleteUser(u.user.id)).error?.code).toBe('not_admin');
    }
    expect((await signIn(u.email, u.password)).error).toBeNull();
  });
});
