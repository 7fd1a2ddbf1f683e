// /extension-auth in Chromium: its states (signed out, signed in, connected) and the hand-off of a
// session of the extension's own, signed in with the password, to its content script and chrome.runtime.
import { expect } from '@playwright/test';
import { controlledByServiceWorker, E2E_EXTENSION_ID, newEmail, PASSWORD, signUp, test } from './fixtures';

test.describe('/extension-auth', () => {
  test('signed out: Sign In, back here after signing in; signed in: connected, and the session handed over once', async ({
    page,
    context,
  }) => {
    // Stand-ins for the extension: what its content script would hear, and chrome.runtime.
    await page.addInitScript(() => {
      const w = window as unknown as { heard: unknown[]; runtime: unknown[]; chrome?: unknown };
      w.heard = [];
      w.runtime = [];
      window.addEventListener('message', (event) => {
        const data = event.data as { type?: string } | null;
        if (data?.type === 'CHLOE_AUTH_UPDATE') w.heard.push({ origin: event.origin, data });
      });
      w.chrome = {
        runtime: {
          sendMessage: (id: string, message: unknown, callback?: () => void) => {
            w.runtime.push({ id, message });
            callback?.();
          },
        },
      };
    });
    const email = newEmail();
    await signUp(page, email);
    await controlledByServiceWorker(page);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText('Signed out successfully')).toBeVisible();

    await page.goto('/extension-auth');
    await expect(page.getByRole('heading', { name: 'Connect the Chloe extension' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fextension-auth$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/extension-auth$/);
    // Nothing is handed over before the password is given again.
    await expect(page.getByRole('heading', { name: 'Connect the Chloe extension' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { heard: unknown[] }).heard.length)).toBe(0);
    // Offline, the page says connecting needs a connection, and the password typed stays.
    await page.getByLabel('Password').fill(PASSWORD);
    await context.setOffline(true);
    await expect(page.getByRole('alert')).toHaveText(
      'Connecting the extension needs an internet connection. Connect and try again.',
    );
    await expect(page.getByRole('button', { name: 'Connect Extension' })).toBeDisabled();
    await context.setOffline(false);
    await expect(page.getByRole('alert')).toBeHidden();
    await expect(page.getByLabel('Password')).toHaveValue(PASSWORD);
    await page.getByRole('button', { name: 'Connect Extension' }).click();
    await expect(page.getByRole('heading', { name: 'Extension Connected!' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('Visit a property on Rightmove or Zoopla.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close This Tab' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View your saved properties' })).toHaveAttribute(
      'href',
      '/saved-properties',
    );

    const origin = new URL(page.url()).origin;
    await expect.poll(() => page.evaluate(() => (window as unknown as { heard: unknown[] }).heard.length)).toBe(1);
    await page.waitForTimeout(300);
    const heard = await page.evaluate(
      () =>
        (
          window as unknown as {
            heard: {
              origin: string;
              data: { user: { email: string }; session: { access_token: string; refresh_token: string } };
            }[];
          }
        ).heard,
    );
    expect(heard).toHaveLength(1);
    expect(heard[0]!.origin).toBe(origin);
    expect(heard[0]!.data.user.email).toBe(email);
    expect(heard[0]!.data.session.access_token).toMatch(/^ey/);
    expect(heard[0]!.data.session.refresh_token).toBeTruthy();
    // A session of the extension's own (extension-session), not the page's.
    const pageRefreshToken = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
      return (JSON.parse(localStorage.getItem(key!)!) as { refresh_token: string }).refresh_token;
    });
    expect(heard[0]!.data.session.refresh_token).not.toBe(pageRefreshToken);
    const claims = JSON.parse(
      Buffer.from(heard[0]!.data.session.access_token.split('.')[1]!, 'base64url').toString(),
    ) as { amr: { method: string }[] };
    expect(claims.amr.map((a) => a.method)).toEqual(['password']);
    const runtime = await page.evaluate(
      () =>
        (window as unknown as { runtime: { id: string; message: { type: string; user: { email: string } } }[] })
          .runtime,
    );
    expect(runtime).toHaveLength(1);
    expect(runtime[0]).toMatchObject({ id: E2E_EXTENSION_ID, message: { type: 'authUpdate', user: { email } } });
  });
});
