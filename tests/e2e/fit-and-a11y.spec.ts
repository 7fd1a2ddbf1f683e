// Every page and wizard step fits phones and tablets (360–1024 px, no horizontal scroll, nothing
// cut off) and has no serious or critical axe-core violation. One page load per state: the
// viewport is resized through the widths in the same page.
import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { axeProblems, layoutProblem } from './checks';
import {
  apiClient,
  controlledByServiceWorker,
  newEmail,
  PASSWORD,
  requestResetLink,
  signUp,
  sql,
  test,
} from './fixtures';
import { fillInvestment, fillLegal, fillPersonal, stepHeading } from './subscription-steps';

// 390 first: axe runs there while a toast is still up.
const WIDTHS = [390, 360, 768, 820, 1024] as const;
const AXE_AT = new Set<number>([390, 1024]);

/** A name with no space to break at: lists and cards must wrap it, not widen the page. */
const LONG_WORD = (n: number) => 'Wolverhampton'.repeat(Math.ceil(n / 13)).slice(0, n);

/** After a resize: the next frames laid out, and every finite animation or transition (a toast sliding in) done. */
const settle = (page: Page) =>
  page.evaluate(async () => {
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });

/**
 * Checks one page state at every width (fit) and at 390 and 1024 px (axe); what is wrong is
 * reported with the state, the width and the element, and the test goes on to the next state.
 * `still`, when given, must be visible after the checks: the state (a toast, a popover) was really
 * there while it was checked.
 */
async function checkState(page: Page, state: string, still?: Locator) {
  const problems: string[] = [];
  // A pointer over a toast pauses its timer: it stays for the whole check.
  if (still) await still.hover();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 700 ? 844 : 1180 });
    await settle(page);
    const layout = await page.evaluate(layoutProblem);
    if (layout) problems.push(`${state} @ ${width}px: ${layout}`);
    if (AXE_AT.has(width)) for (const p of await axeProblems(page)) problems.push(`${state} @ ${width}px: ${p}`);
  }
  if (still) await expect(still, `${state}: still shown after the checks`).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  expect.soft(problems.length, `\n${problems.join('\n\n')}\n`).toBe(0);
}

async function userId(email: string) {
  const [user] = await sql<{ id: string }>('select id from auth.users where email = $1', [email]);
  return user!.id;
}

/**
 * Inserts `make(length)` for the longest of `lengths` the database accepts: the longer the better
 * for the test, but the server bounds text columns (issue 12), and those bounds may change.
 */
async function insertLongest(lengths: number[], insert: (length: number) => Promise<void>) {
  for (const length of lengths) {
    try {
      await insert(length);
      return length;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== '23514' && code !== '22001' && code !== '54000') throw error;
    }
  }
  throw new Error(`none of the lengths ${lengths.join(', ')} was accepted`);
}

test('signed out: home, sign in and up, 404, the shareholder landing, subscribe, an invalid link', async ({ page }) => {
  test.setTimeout(90_000);
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
  test.setTimeout(90_000);
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
  test.setTimeout(90_000);
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
  test.setTimeout(90_000);
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
  test.setTimeout(90_000);
  await sql('delete from public.norman_access_attempts');
  await page.goto('/norman');
  await expect(page.getByRole('heading', { name: 'Access Required' })).toBeVisible();
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
  test.setTimeout(90_000);
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

test('signed in: dashboard, saved properties, the five subscription steps, the shareholder dashboard, create-assessment', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = await signUp(page);
  await expect(page.getByText('Account created successfully')).toBeVisible();
  await checkState(page, '/dashboard');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkState(page, 'home signed in');

  // The account screen: a long address waiting for confirmation, and the password form's errors.
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  const waiting = `${LONG_WORD(60)}@example.test`;
  await page.getByLabel('New email address').fill(waiting);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(`Waiting for confirmation of ${waiting}`)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await checkState(page, '/account, an email change waiting, a password refused');

  await page.goto('/saved-properties');
  await expect(page.getByRole('heading', { name: 'No saved properties yet' })).toBeVisible();
  await checkState(page, '/saved-properties empty');

  const client = apiClient();
  const { data: auth, error: authError } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (authError) throw authError;
  const titleLength = await insertLongest([10_000, 500, 200], async (n) => {
    const { error } = await client.from('saved_properties').insert({
      id: randomUUID(),
      user_id: auth.user.id,
      title: LONG_WORD(n),
      address: `1 ${LONG_WORD(Math.min(n, 400))} Road`,
      price: 450000,
      bedrooms: 3,
      property_type: 'Terraced',
      key_features: [LONG_WORD(Math.min(n, 200)), 'Garden'],
      agent_name: LONG_WORD(Math.min(n, 200)),
      agency_name: LONG_WORD(Math.min(n, 200)),
      // Saved by the extension: the card links back to the listing.
      listing_url: `https://www.rightmove.co.uk/properties/148213977?${LONG_WORD(Math.min(n, 1900))}`,
      portal: 'rightmove',
      portal_id: '148213977',
    });
    if (error) throw error;
  });
  await client.auth.signOut();
  await page.reload();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Remove / }) });
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  await expect(card.getByRole('link', { name: /^View on Rightmove/ })).toBeVisible();
  await checkState(page, `/saved-properties with a ${titleLength}-character title`);
  // Long text wraps and is clamped: a 10,000-character title does not make a card thousands of px tall.
  await page.setViewportSize({ width: 360, height: 844 });
  expect((await card.boundingBox())!.height, 'the card with a long title at 360 px').toBeLessThan(800);
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.getByRole('button', { name: /^Remove / }).click();
  const undo = page.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeVisible();
  await checkState(page, '/saved-properties, Property removed toast with Undo', undo);
  await undo.click();
  await expect(card).toHaveCount(1);

  // The subscription wizard: every step, the sync details popover, a field error.
  await page.goto('/shareholder');
  await expect(page.getByRole('heading', { name: 'Become a Co-Founder of Chloe' })).toBeVisible();
  await checkState(page, '/shareholder signed in');
  await page.goto('/shareholder/subscribe');
  await expect(stepHeading(page, 1, 'Personal Details')).toBeVisible();
  await checkState(page, 'subscription step 1');
  await page.getByLabel('Full name').focus();
  await page.getByLabel('Full name').blur();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Sync details' }).click();
  // Found by its content: whether it has a name is axe's to check (aria-dialog-name).
  const popover = page.getByRole('dialog').filter({ hasText: 'Changes waiting' });
  await expect(popover).toBeVisible();
  await checkState(page, 'subscription step 1, sync details open', popover);
  await page.keyboard.press('Escape');
  await fillPersonal(page);
  await expect(stepHeading(page, 2, 'Investment Details')).toBeVisible();
  await page.getByLabel('Number of shares').fill('3000');
  await expect(page.getByText('Minimum purchase is 5,000 shares')).toBeVisible();
  await checkState(page, 'subscription step 2, below the minimum');
  await fillInvestment(page);
  await expect(stepHeading(page, 3, 'Legal Confirmations')).toBeVisible();
  await checkState(page, 'subscription step 3');
  await fillLegal(page);
  await expect(stepHeading(page, 4, 'Digital Signature')).toBeVisible();
  await checkState(page, 'subscription step 4, empty pad');

  // Signing on a phone: the pad fits the screen, keeps 500×200's shape, and the drawing is captured.
  await page.setViewportSize({ width: 360, height: 844 });
  const padBox = (await page.getByTestId('signature-pad').boundingBox())!;
  expect(padBox.x, 'the pad starts on screen').toBeGreaterThanOrEqual(0);
  expect(padBox.x + padBox.width, 'the pad ends on screen').toBeLessThanOrEqual(360);
  expect(padBox.width / padBox.height).toBeCloseTo(2.5, 1);
  await page.mouse.move(padBox.x + 20, padBox.y + padBox.height * 0.7);
  await page.mouse.down();
  for (const [fx, fy] of [
    [0.2, 0.3],
    [0.4, 0.8],
    [0.6, 0.3],
    [0.8, 0.7],
  ] as const) {
    await page.mouse.move(padBox.x + padBox.width * fx, padBox.y + padBox.height * fy, { steps: 6 });
  }
  await page.mouse.up();
  await expect(page.getByText('Signature captured.')).toBeVisible();
  await checkState(page, 'subscription step 4, signed');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, 5, 'Payment Instructions')).toBeVisible();
  await checkState(page, 'subscription step 5');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByAltText('Your signature')).toBeVisible();
  await expect(page.getByAltText('Your signature')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await checkState(page, 'subscription step 4, saved signature');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Complete Subscription' }).click();
  await expect(page).toHaveURL(/\/shareholder\/dashboard$/);
  await expect(page.getByText('Cooling-off period: 10 days remaining')).toBeVisible();
  await checkState(page, '/shareholder/dashboard signed, locked');

  // Staff confirm payment and issue shares: the dashboard shows '✓ Complete', links can be made.
  await expect
    .poll(
      async () =>
        (
          await sql(
            `select 1 from share_agreement_status a join share_subscriptions s on s.id = a.subscription_id
              join auth.users u on u.id = s.user_id where u.email = $1`,
            [email],
          )
        ).length,
      { timeout: 30_000 },
    )
    .toBe(1);
  await sql(
    `update share_agreement_status a set payment_received = true, shares_issued = true
       from share_subscriptions s join auth.users u on u.id = s.user_id
      where s.id = a.subscription_id and u.email = $1`,
    [email],
  );
  await page.reload();
  const status = page.getByRole('list', { name: 'Agreement status' });
  await expect(status.locator('li', { hasText: 'Shares Issued' })).toContainText('Complete', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Payment Instructions' }).click();
  await page.getByRole('button', { name: 'Subscription Details' }).click();
  await page.getByRole('button', { name: 'Documents & Actions' }).click();
  await checkState(page, '/shareholder/dashboard unlocked, every section open');
  await page.getByRole('button', { name: 'View Agreement' }).click();
  const agreement = page.getByRole('dialog', { name: 'Share Subscription Agreement' });
  await expect(agreement).toBeVisible();
  await checkState(page, '/shareholder/dashboard, agreement dialog', agreement);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(confirm.first()).toBeVisible();
  await checkState(page, '/shareholder/dashboard, cancel confirmation', confirm.first());
  await page.getByRole('button', { name: 'Keep my subscription' }).click();

  // Create-assessment with a long agency name in the creator's list.
  const creator = await userId(email);
  const nameLength = await insertLongest([10_000, 500, 200], async (n) => {
    await sql(
      `insert into agent_assessments (token, created_by, agency_name, main_contact_name, main_contact_email)
       values ($1, $2, $3, $4, 'long@agency.test')`,
      [`L${randomUUID().replace(/-/g, '')}`, creator, LONG_WORD(n), LONG_WORD(Math.min(n, 200))],
    );
  });
  await page.goto('/create-assessment');
  await expect(page.getByRole('heading', { name: 'Create Assessment' })).toBeVisible();
  const row = page.getByRole('article');
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await checkState(page, `/create-assessment with a ${nameLength}-character agency name`);
  await page.setViewportSize({ width: 360, height: 844 });
  expect((await row.boundingBox())!.height, 'the row with a long agency name at 360 px').toBeLessThan(450);
  await page.setViewportSize({ width: 1280, height: 900 });
  await row.getByRole('button', { name: 'Analytics: View responses' }).click();
  await checkState(page, '/create-assessment, responses open');
  await page.getByRole('button', { name: 'Create Assessment' }).click();
  const missing = page.getByText('Missing Information');
  await expect(missing).toBeVisible();
  await checkState(page, '/create-assessment, Missing Information toast', missing);
});

test('before subscribing: the shareholder dashboard with no subscription, create-assessment locked', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/shareholder/dashboard');
  await expect(page.getByRole('heading', { name: 'No Active Subscription' })).toBeVisible({ timeout: 20_000 });
  await checkState(page, '/shareholder/dashboard, no subscription');
  await page.goto('/create-assessment');
  await expect(page.getByText(/Feature Locked: Agent Assessment will be unlocked/)).toBeVisible({ timeout: 20_000 });
  await checkState(page, '/create-assessment locked');
});

test('the seven assessment steps and the completed assessment, as an agency on a tablet or phone', async ({ page }) => {
  test.setTimeout(120_000);
  const token = `A${randomUUID().replace(/-/g, '')}`;
  await sql(
    `insert into agent_assessments (token, agency_name, main_contact_email) values ($1, 'Acme Lettings', 'info@acme.test')`,
    [token],
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

test('/dashboard: each tab with long words, refusals, a connection problem and offline; /extension-auth both states', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const email = await signUp(page);
  const id = await userId(email);
  // An account that works and one whose grant was revoked, both with addresses that do not break.
  const [ok] = await sql<{ id: string }>(
    `insert into public.gmail_accounts (user_id, email_address, last_sync_at) values ($1, $2, now()) returning id`,
    [id, `${LONG_WORD(300)}@gmail.test`],
  );
  await sql(
    `insert into public.gmail_accounts (user_id, email_address, account_status, status_detail) values ($1, $2, 'error', $3)`,
    [id, `${LONG_WORD(100)}@gmail.test`, 'Gmail access was revoked or has expired. Connect this account again.'],
  );
  // Logs at the server's bounds: a 1,000-character subject, a 200-character name, every status.
  for (const status of ['replied', 'pending', 'failed', 'skipped']) {
    await sql(
      `insert into public.email_logs (user_id, gmail_account_id, sender_email, sender_name, subject, reply_status, replied_at, reason)
       values ($1, $2, $3, $4, $5, $6, case when $6 = 'replied' then now() end, $7)`,
      [
        id,
        ok!.id,
        `${LONG_WORD(300)}@example.com`,
        LONG_WORD(200),
        LONG_WORD(1000),
        status,
        status === 'skipped' ? LONG_WORD(500) : null,
      ],
    );
  }

  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('list', { name: 'Connected Gmail accounts' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Connect Gmail Account' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Failed to open authentication window. Please allow popups and try again.' }),
  ).toBeVisible();
  await checkState(page, '/dashboard integrations: accounts, one in error, a blocked popup');

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Reply template').fill(`${LONG_WORD(400)} {demo_link}`);
  await page.getByLabel('Demo link').fill(`https://example.com/${LONG_WORD(300)}`);
  await page.getByLabel('Demo link').fill('');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Add your demo link, or take {demo_link} out of the template.')).toBeVisible();
  await checkState(page, '/dashboard settings: a long template, the demo link refused');

  await page.getByRole('tab', { name: 'Activity Logs' }).click();
  await expect(page.getByRole('list', { name: 'Email activity' }).getByRole('listitem')).toHaveCount(4);
  await checkState(page, '/dashboard activity logs: every status, words at the bounds');
  await page.getByLabel('Search emails').fill(LONG_WORD(200));
  await page.getByLabel('Search emails').fill('nothing matches this');
  await expect(page.getByText('No emails match your search criteria')).toBeVisible();
  await checkState(page, '/dashboard activity logs: nothing matches');

  await controlledByServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  // The page as loaded offline (its kept copy shown) before the tab is changed: a click made while
  // the user's database is still opening was once lost in CI (see the closing note of issue 18).
  await expect(page.getByText(/^Offline: showing your email activity as loaded on /)).toBeVisible();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Demo link').fill('https://offline.example/book');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText(/waiting to be sent when you are back online/)).toBeVisible();
  await checkState(page, '/dashboard settings offline: a change waiting');
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page.getByText(/^Offline: showing your accounts as loaded on /)).toBeVisible();
  await checkState(page, '/dashboard integrations offline');
  await context.setOffline(false);

  await page.goto('/extension-auth');
  await expect(page.getByRole('heading', { name: 'Extension Connected!' })).toBeVisible();
  await checkState(page, '/extension-auth signed in');
  // Signed out on this device (the stored session gone).
  await page.evaluate(() => localStorage.clear());
  await page.goto('/extension-auth');
  await expect(page.getByRole('heading', { name: 'Connect the Chloe extension' })).toBeVisible();
  await checkState(page, '/extension-auth signed out');
});
