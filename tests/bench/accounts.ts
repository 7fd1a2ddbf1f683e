// A bench's user: signed up through the local auth service (it confirms at once).
import type { Page } from '@playwright/test';
import type { BenchApp } from './pwa-app';

export const BENCH_PASSWORD = 'bench-password-1';

export async function benchSignUp(app: BenchApp, prefix: string) {
  const email = `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const r = await fetch(`${app.stack.apiUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: app.stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!r.ok) throw new Error(`sign-up refused: ${r.status} ${await r.text()}`);
  const { access_token: token, user } = (await r.json()) as { access_token: string; user: { id: string } };
  return { email, token, userId: user.id };
}

/** Signs `page` in through /auth, as a person does; it lands on the dashboard. */
export async function benchSignIn(app: BenchApp, page: Page, email: string) {
  await page.goto(`${app.url}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(BENCH_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
}
