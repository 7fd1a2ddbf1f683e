// Fit and axe (fit-and-a11y-fixtures.ts) signed in: the dashboard, the account, saved properties,
// every step of the subscription, the shareholder dashboard and create-assessment, before and
// after subscribing.
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { checkState, insertLongest, LONG_WORD, userId } from './fit-and-a11y-fixtures';
import { apiClient, ONLINE_ONLY, PASSWORD, signUp, sql, test } from './fixtures';
import { completeSubscription, fillInvestment, fillLegal, fillPersonal, stepHeading } from './subscription-steps';

test.use(ONLINE_ONLY);

/** Staff confirm `email`'s payment and issue its shares, once its subscription's status row is in. */
async function issueShares(email: string) {
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
}

test('signed in: dashboard, home, account, saved properties with a long title', async ({ page }) => {
  test.setTimeout(240_000);
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
});

test('signed in: the five subscription steps, then the shareholder dashboard locked and unlocked', async ({ page }) => {
  test.setTimeout(300_000);
  const email = await signUp(page);
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
  await issueShares(email);
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
});

test('subscribed: create-assessment with a long agency name, its responses and its errors', async ({ page }) => {
  test.setTimeout(240_000);
  const email = await signUp(page);
  await page.goto('/shareholder/subscribe');
  await completeSubscription(page);
  await issueShares(email);
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
  // A bad address is said at its field, which has the focus.
  await page.getByLabel('Agency Name').fill(LONG_WORD(200));
  await page.getByLabel('Contact Email').fill(`${LONG_WORD(200)}@nowhere`);
  await page.getByRole('button', { name: 'Create Assessment' }).click();
  await expect(page.getByLabel('Contact Email')).toHaveAccessibleErrorMessage('Please enter a valid email address.');
  await expect(page.getByLabel('Contact Email')).toBeFocused();
  await checkState(page, '/create-assessment, an address that is not one');
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
