// Fit and axe (fit-and-a11y-fixtures.ts) with no account: the public pages, signing in and up,
// password recovery, /norman, and the assessment as an agency opens it from its link.
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { checkState, LONG_WORD } from './fit-and-a11y-fixtures';
import { apiClient, controlledByServiceWorker, newEmail, PASSWORD, requestResetLink, sql, test } from './fixtures';

test('signed out: home, sign in and up, 404, the shareholder landing, subscribe, an invalid link', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkState(page, 'home');

  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await checkState(page, '/auth sign in, fields required');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await expect(page.getByRole('button', { name: 'Sign Up', exact: true })).toBeVisible();
  await checkState(page, '/auth sign up');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await checkState(page, '404');

  await page.goto('/shareholder');
  await expect(page.getByRole('heading', { name: 'Become a Co-Founder of Chloe' })).toBeVisible();
  await page.getByRole('button', { name: 'Important Investment Risk Warning' }).click();
  await expect(page.getByText(/You could lose all the money you invest/)).toBeVisible();
  await checkState(page, '/shareholder signed out, risk warning open');

  await page.goto('/shareholder/subscribe');
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await checkState(page, '/shareholder/subscribe signed out');

  await page.goto(`/agent-assessment/${'W'.repeat(32)}`);
  await expect(page.getByRole('heading', { name: 'Assessment Link Invalid' })).toBeVisible({ timeout: 20_000 });
  const errorToast = page
    .getByRole('status')
    .or(page.getByRole('alert'))
    .filter({ hasText: 'Invalid or expired link' });
  await expect(errorToast.first()).toBeVisible();
  await checkState(page, 'invalid assessment link with its error toast', errorToast.first());
});

test('the landing page in a conversation: the microphone refused, then typing, with a long message', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.getByRole('main').locator('button[data-phase]').click();
  await expect(page.getByRole('button', { name: 'Type to Chloe instead' })).toBeVisible();
  await checkState(page, 'home, microphone refused');
  await page.getByRole('button', { name: 'Type to Chloe instead' }).click();
  const transcript = page.getByRole('list', { name: 'Transcript' });
  await expect(transcript).toContainText("Hi, I'm Chloe");
  // A 10,000-character paste is cut at the limit and says so; what is kept is sent.
  await page.getByLabel('Message to Chloe').fill(LONG_WORD(10_000));
  await expect(page.getByText('At most 2,000 characters')).toBeVisible();
  await checkState(page, 'home, a text conversation, a message at its limit');
  await page.getByLabel('Message to Chloe').fill(LONG_WORD(400));
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(transcript.locator('li[data-role=agent]')).toHaveCount(2);
  await checkState(page, 'home, a text conversation with a long message');
});

test('demo and agent pages: a call-button hero, a channel-grid hero, an agent page', async ({ page }) => {
  test.setTimeout(180_000);
  for (const [path, name] of [
    ['/demo/haus&haus', 'Talk to Sarah'],
    ['/demo-yopa', 'Talk to Kerry'],
    ['/we-can-properties', 'Talk to Sandra'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('main').locator('button[data-phase]')).toHaveText(name);
    await checkState(page, path);
  }
});

test('/hire with its form open and refused, /professional-signup with every message and with 400-character words', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/hire');
  await expect(page.getByRole('heading', { level: 1, name: 'Hire Chloe' })).toBeVisible();
  await checkState(page, '/hire');
  await page.getByRole('button', { name: 'Request Demo' }).click();
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Please select your professional type.')).toBeVisible();
  await checkState(page, '/hire, the form open and refused');

  await page.goto('/professional-signup');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Please enter a valid phone number.')).toBeVisible();
  await checkState(page, '/professional-signup, every message');
  await page.getByLabel('Name', { exact: true }).fill(LONG_WORD(200));
  await page.getByLabel('Company', { exact: true }).fill(LONG_WORD(200));
  await page.getByLabel('About your business (optional)').fill(LONG_WORD(400));
  await checkState(page, '/professional-signup, long words');
});

test('/norman: locked, a wrong password, offline, and unlocked', async ({ page, context }) => {
  test.setTimeout(180_000);
  await sql('delete from public.norman_access_attempts');
  await page.goto('/norman');
  await expect(page.getByRole('heading', { name: 'Access Required' })).toBeVisible();
  await controlledByServiceWorker(page);
  await checkState(page, '/norman locked');
  await page.getByLabel('Password').fill(LONG_WORD(200));
  await page.getByRole('button', { name: 'Access Norman' }).click();
  const denied = page.getByRole('region', { name: /notifications/i }).getByText('Access Denied');
  await expect(denied).toBeVisible();
  await checkState(page, '/norman, a long wrong password denied', denied);
  await context.setOffline(true);
  await expect(
    page.getByText('Checking the password needs an internet connection. Connect and try again.'),
  ).toBeVisible();
  await checkState(page, '/norman offline');
  await context.setOffline(false);
  await page.getByLabel('Password').fill(process.env.E2E_NORMAN_PASSWORD!);
  await page.getByRole('button', { name: 'Access Norman' }).click();
  await expect(page.getByText('Ready to scale the team and have fun building?')).toBeVisible();
  await checkState(page, '/norman unlocked');
});

test('password recovery: the recover form, the link sent, and /auth/reset expired, without a link, with one', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = newEmail();
  const { error } = await apiClient().auth.signUp({ email, password: PASSWORD });
  if (error) throw error;

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await checkState(page, '/auth recover, email required');
  // An address with no account (no mail is sent), long enough to have to wrap in the notice.
  await page.getByLabel('Email').fill(`${LONG_WORD(60)}@example.test`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const sentToast = page.getByRole('region', { name: /Notifications/ }).getByText('Check your email for a reset link');
  await expect(sentToast).toBeVisible();
  await expect(page.getByRole('main').getByText('Check your email for a reset link')).toBeVisible();
  // A success toast is up for 2 s: axe at 390 px (the first width) sees it, the rest may not.
  await checkState(page, '/auth recover, link sent, with its toast');

  await page.goto(
    '/auth/reset#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
  );
  await expect(page.getByText('This reset link is invalid or has expired — ask for a new one')).toBeVisible();
  await checkState(page, '/auth/reset, link expired');
  await page.goto('/auth/reset');
  await expect(page.getByRole('heading', { name: 'No reset link opened' })).toBeVisible();
  await checkState(page, '/auth/reset, no link');

  await page.goto(await requestResetLink(page, email));
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await checkState(page, '/auth/reset, set a new password, fields required');
});

test('the seven assessment steps and the completed assessment, as an agency on a tablet or phone', async ({ page }) => {
  test.setTimeout(240_000);
  const token = `A${randomUUID().replace(/-/g, '')}`;
  // Unbroken words where the agency's own text shows: the answers, in the steps and once completed.
  await sql(
    `insert into agent_assessments (token, agency_name, main_contact_name, main_contact_email, office_locations)
     values ($1, $2, $3, $4, $5)`,
    [token, LONG_WORD(200), LONG_WORD(200), `${LONG_WORD(60)}@acme.test`, LONG_WORD(500)],
  );
  await page.goto(`/agent-assessment/${token}`);
  await expect(page.getByRole('heading', { name: 'Agent Assessment' })).toBeVisible({ timeout: 20_000 });
  const titles = [
    'Business Details',
    'Chloe Preferences',
    'Technology Stack',
    'Workflow & Admin',
    'AI Goals',
    'Integrations',
    'Custom Scenarios',
  ];
  for (const [index, title] of titles.entries()) {
    await expect(page.getByText(`Step ${index + 1} of 7: ${title}`)).toBeVisible();
    if (index === 0) {
      await page.getByLabel('Number of Offices').fill('many');
      await page.getByLabel('Number of Offices').blur();
    }
    if (index === 2) {
      await page
        .getByRole('radiogroup', { name: 'Does your team use mobile devices for work?' })
        .getByLabel('Yes')
        .check();
      await expect(page.getByText('Which mobile devices?')).toBeVisible();
    }
    await checkState(page, `assessment step ${index + 1}: ${title}`);
    if (index === 0) await page.getByLabel('Number of Offices').fill('2');
    if (index === titles.length - 1) {
      await page.getByLabel('Anything else Chloe should know or do?').fill(LONG_WORD(5000));
      await expect(page.getByText('At most 5,000 characters')).toBeVisible();
      await checkState(page, 'assessment step 7 with a 5,000-character word');
    }
    if (index < titles.length - 1) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: 'Submit Assessment' }).click();
  await expect(page.getByText('Thank you for completing the assessment.').first()).toBeVisible();
  await checkState(page, 'assessment submitted');
  await expect
    .poll(
      async () =>
        (await sql<{ status: string }>('select status from agent_assessments where token = $1', [token]))[0]?.status,
      {
        timeout: 30_000,
      },
    )
    .toBe('completed');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Next' })).toBeHidden({ timeout: 20_000 });
  await checkState(page, 'completed assessment, read-only');
});
