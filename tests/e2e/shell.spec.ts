import { expect } from '@playwright/test';
import { newEmail, ONLINE_ONLY, PASSWORD, signUp, test } from './fixtures';
import pg from 'pg';

test.use(ONLINE_ONLY);

test('the 404 page names the problem, logs the path and links home', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  expect(errors.some((e) => e.includes('/no-such-page'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the footer cookie policy opens and closes', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Cookie Policy' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('June 20, 2025')).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/June 20, 2025/)).toBeVisible();
  await expect(page.getByText(/England and Wales/).first()).toBeVisible();
  await toggle.click();
  await expect(page.getByText('June 20, 2025')).toBeHidden();
});

test('the guard sends a signed-out visitor from /dashboard to /auth, replacing history', async ({ page }) => {
  await page.goto('/');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('sign up, sign out, sign in: toasts, guard and the account in Postgres', async ({ page }) => {
  const email = newEmail();
  await signUp(page, email);
  await expect(page.getByText('Account created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  const db = new pg.Client({ connectionString: process.env.E2E_DB_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ email: string; encrypted_password: string }>(
      'select email, encrypted_password from auth.users where email = $1',
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.encrypted_password).toMatch(/^\$2/);
  } finally {
    await db.end();
  }

  // A signed-in visitor at /auth goes to the dashboard.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Going somewhere that needs an account: sign in, and arrive there.
  await page.goto('/saved-properties');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fsaved-properties$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fsaved-properties$/);

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Signed in successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/saved-properties$/);
  await expect(page.getByRole('heading', { name: 'Saved Properties', exact: true })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  // The session survives a reload.
  await page.reload();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
});

test('the auth form requires both fields before calling the server', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
});
