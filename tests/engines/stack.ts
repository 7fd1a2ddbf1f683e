// The e2e stack as the engines' tests reach it: Postgres as the superuser sees
// it (what really arrived), and an account made through /auth as a person makes one.
import { randomUUID } from 'node:crypto';
import { sql } from '../e2e/sql';
import type { EnginePage } from './page';

export const PASSWORD = 'engines-password-1';

export { sql };

/** A pending assessment link (as /create-assessment makes one); returns its token. */
export async function newAssessment(prefix: string, agency: string | null = null) {
  const token = `${prefix}${randomUUID().replace(/-/g, '')}`;
  await sql('insert into agent_assessments (token, agency_name) values ($1, $2)', [token, agency]);
  return token;
}

export const newEmail = (prefix: string) => `engines-${prefix.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`;

/**
 * The dashboard, signed in and synced: the app has finished its own moves after signing in (a
 * test's next address, typed at once, would race them; a person's is later).
 */
async function settled(page: EnginePage, email: string) {
  await page.until(async () => (await page.path()) === '/dashboard', 'the dashboard after signing in');
  await page.see(`Signed in as ${email}`);
  await page.see('All changes synced');
}

/** Signs up through /auth and waits for the dashboard. */
export async function signUp(page: EnginePage, email: string) {
  await page.goto(`/auth`);
  await page.press("Don't have an account? Sign up");
  await page.fill('Email', email);
  await page.fill('Password', PASSWORD);
  await page.press('Sign Up');
  await settled(page, email);
}

/** Signs in through /auth (another device of the same person). */
export async function signIn(page: EnginePage, email: string) {
  await page.goto(`/auth`);
  await page.fill('Email', email);
  await page.fill('Password', PASSWORD);
  await page.press('Sign In');
  await settled(page, email);
}
