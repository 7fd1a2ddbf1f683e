import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { keptOnDevice } from '../held-on-device';
import { apiClient, controlledByServiceWorker, PASSWORD, signUp, sql, test } from './fixtures';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A shareholder whose payment is received and shares are issued (as staff would record it). */
async function unlockShareholder(email: string) {
  const [user] = await sql<{ id: string }>('select id from auth.users where email = $1', [email]);
  const id = randomUUID();
  await sql(
    `insert into share_subscriptions (id, user_id, subscriber_name, subscriber_address, subscriber_email, number_of_shares,
       subscription_price, total_amount, effective_date, payment_reference, signature_data, signature_timestamp, status)
     values ($1, $2, 'Sam Shareholder', '1 High Street, Leeds', $3, 5000, 1.25, 6250, current_date, public.new_payment_reference(), $4, now(), 'signed')`,
    [id, user!.id, email, PNG],
  );
  await sql(
    'update share_agreement_status set payment_received = true, shares_issued = true where subscription_id = $1',
    [id],
  );
}

const step = (page: Page, n: number, title: string) => page.getByText(`Step ${n} of 7: ${title}`);

test('a shareholder makes a link; an agency fills it on a tablet, offline from step 3, and the creator sees every answer', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const creator = await signUp(page);
  await unlockShareholder(creator);

  await page.goto('/create-assessment');
  await page.getByRole('button', { name: 'Create Assessment' }).click();
  await expect(page.getByText('Missing Information')).toBeVisible();
  await page.getByLabel('Agency Name').fill('Acme Lettings');
  await page.getByLabel('Contact Email').fill('info@acme.test');
  await page.getByRole('button', { name: 'Create Assessment' }).click();
  await expect(page.getByText('Assessment Created!')).toBeVisible();
  const url = await page.getByLabel('Assessment URL').inputValue();
  expect(url).toMatch(/\/agent-assessment\/[A-Za-z0-9]{32}$/);
  const token = url.split('/').pop()!;
  const [link] = await sql<{ days: number }>(
    `select round(extract(epoch from expires_at - now()) / 86400)::int as days from agent_assessments where token = $1`,
    [token],
  );
  expect(link?.days).toBe(30);

  // The agency: a fresh browser, no account.
  const agency = await browser.newContext();
  const tablet = await agency.newPage();
  await tablet.goto(url);
  await expect(tablet.getByRole('heading', { name: 'Agent Assessment' })).toBeVisible({ timeout: 20_000 });
  await expect(step(tablet, 1, 'Business Details')).toBeVisible();
  await expect(tablet.getByText('14%')).toBeVisible();
  await expect(tablet.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(tablet.getByLabel('Agency Name')).toHaveValue('Acme Lettings');
  await tablet.getByLabel('Office Locations').fill('Leeds, York');
  await tablet.getByLabel('Number of Offices').fill('2');
  await tablet.getByLabel('Main Contact Name').fill('Priya Shah');
  await tablet.getByLabel('Main Contact Phone').fill('0113 496 0000');
  await tablet.getByRole('button', { name: 'Next' }).click();
  await expect(step(tablet, 2, 'Chloe Preferences')).toBeVisible();
  await expect(tablet.getByLabel('What should your assistant be called?')).toHaveValue('Chloe');
  await tablet.getByLabel('Calm & Reassuring').check();
  await tablet.getByLabel('Preferred greeting').fill('Hello, Acme Lettings, Chloe speaking.');
  await controlledByServiceWorker(tablet);
  await tablet.getByRole('button', { name: 'Next' }).click();
  await expect(step(tablet, 3, 'Technology Stack')).toBeVisible();

  // The connection drops.
  await agency.setOffline(true);
  await tablet.getByLabel('Which CRM do you use?').fill('Reapit');
  await tablet.getByRole('radiogroup', { name: 'Is your CRM cloud-based?' }).getByLabel('Yes').check();
  await tablet.getByLabel('Queue system').check();
  await expect(tablet.getByText('Which mobile devices?')).toBeHidden();
  await tablet
    .getByRole('radiogroup', { name: 'Does your team use mobile devices for work?' })
    .getByLabel('Yes')
    .check();
  await tablet.getByLabel('iPads').check();
  await tablet.getByLabel('WhatsApp').check();
  await tablet.getByRole('button', { name: 'Next' }).click();
  await expect(step(tablet, 4, 'Workflow & Admin')).toBeVisible();
  await tablet.getByLabel('Rightmove').check();
  await tablet.getByLabel('Zoopla').check();
  await tablet.getByRole('button', { name: 'Next' }).click();
  await expect(step(tablet, 5, 'AI Goals')).toBeVisible();
  await tablet.getByLabel('Provide 24/7 availability').check();
  await tablet.getByLabel('Revenue per lead').check();

  // Reload while offline: it reopens at step 5 with every answer.
  await tablet.reload();
  await expect(step(tablet, 5, 'AI Goals')).toBeVisible({ timeout: 20_000 });
  await expect(tablet.getByLabel('Provide 24/7 availability')).toBeChecked();
  await expect(tablet.getByLabel('Revenue per lead')).toBeChecked();
  await tablet.getByRole('button', { name: 'Previous' }).click();
  await tablet.getByRole('button', { name: 'Previous' }).click();
  await expect(tablet.getByLabel('Which CRM do you use?')).toHaveValue('Reapit');
  await expect(tablet.getByLabel('iPads')).toBeChecked();
  await tablet.getByRole('button', { name: 'Next' }).click();
  await tablet.getByRole('button', { name: 'Next' }).click();
  await tablet.getByRole('button', { name: 'Next' }).click();
  await expect(step(tablet, 6, 'Integrations')).toBeVisible();
  await tablet.getByLabel('Email marketing').fill('Mailchimp');
  await tablet.getByLabel('Booking/scheduling').fill('Calendly');
  await tablet.getByRole('radiogroup', { name: 'Should Chloe integrate with these tools?' }).getByLabel('Yes').check();
  await tablet.getByLabel('LinkedIn').fill('acme-lettings');
  await tablet.getByRole('button', { name: 'Next' }).click();
  await expect(step(tablet, 7, 'Custom Scenarios')).toBeVisible();
  await expect(tablet.getByText('100%')).toBeVisible();
  await tablet.getByLabel('How should Chloe handle valuation leads?').fill('Book a valuation within 48 hours.');
  await tablet.getByRole('button', { name: 'Submit Assessment' }).click();
  // Offline it is saved on the tablet, not 'completed': the server does not have it yet.
  await expect(tablet.getByText('Assessment saved on this device')).toBeVisible();
  await expect(tablet.getByText(/Your answers are saved on this device/)).toBeVisible();
  await expect(tablet.getByText('Thank you for completing the assessment.')).toHaveCount(0);
  expect((await sql(`select status from agent_assessments where token = $1`, [token]))[0]).toEqual({
    status: 'pending',
  });

  await agency.setOffline(false);
  await expect
    .poll(
      async () =>
        (await sql<{ status: string }>('select status from agent_assessments where token = $1', [token]))[0]?.status,
      { timeout: 30_000 },
    )
    .toBe('completed');
  const [row] = await sql('select * from agent_assessments where token = $1', [token]);
  expect(row).toMatchObject({
    agency_name: 'Acme Lettings',
    office_locations: 'Leeds, York',
    number_of_offices: 2,
    main_contact_name: 'Priya Shah',
    main_contact_email: 'info@acme.test',
    main_contact_phone: '0113 496 0000',
    ai_assistant_name: 'Chloe',
    tone_of_voice: ['Calm & Reassuring'],
    preferred_greeting: 'Hello, Acme Lettings, Chloe speaking.',
    crm_platform: 'Reapit',
    is_crm_cloud_based: 'yes',
    call_routing_method: 'Queue system',
    uses_mobile_devices: 'yes',
    mobile_device_types: ['iPads'],
    preferred_mobile_communication: ['WhatsApp'],
    property_portals: ['Rightmove', 'Zoopla'],
    primary_ai_goals: ['Provide 24/7 availability'],
    tracking_outcomes: ['Revenue per lead'],
    current_tools: ['Mailchimp', '', '', '', '', '', '', '', '', 'Calendly'],
    wants_tool_integration: 'yes',
    linkedin_handle: 'acme-lettings',
    valuation_leads_script: 'Book a valuation within 48 hours.',
    status: 'completed',
    last_step: 7,
  });
  expect(row!.completed_at).not.toBeNull();
  await expect(tablet.getByText(/Your answers are saved on this device/)).toBeHidden({ timeout: 20_000 });
  await expect(tablet.getByText('Thank you for completing the assessment.').first()).toBeVisible();
  // Completed: read-only.
  await tablet.reload();
  await expect(tablet.getByRole('button', { name: 'Next' })).toBeHidden();
  await expect(tablet.getByText('Reapit')).toBeVisible();
  await agency.close();

  // The creator sees the progress and every answer.
  await page.reload();
  const card = page.getByRole('article', { name: 'Acme Lettings' });
  await expect(card.getByText('Completed')).toBeVisible();
  await expect(card.getByText('Step 7 of 7')).toBeVisible();
  await card.getByRole('button', { name: 'Analytics: View responses' }).click();
  await expect(card.getByText('Mailchimp')).toBeVisible();
  await expect(card.getByText('Book a valuation within 48 hours.')).toBeVisible();
});

test('a wrong or expired token shows the invalid-link screen', async ({ page }) => {
  // Malformed: refused by the route before the page, its database or the server see it.
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/')) calls.push(request.url());
  });
  await page.goto('/agent-assessment/not-a-token!');
  await expect(page.getByRole('heading', { name: 'Assessment Link Invalid' })).toBeVisible();
  await expect(page.getByText('Invalid or expired link')).toBeVisible();
  expect(calls).toEqual([]);

  await page.goto(`/agent-assessment/${'W'.repeat(32)}`);
  await expect(page.getByRole('heading', { name: 'Assessment Link Invalid' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Invalid or expired link')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');

  const token = `E${randomUUID().replace(/-/g, '')}`;
  await sql(
    `insert into agent_assessments (token, agency_name, main_contact_email, expires_at) values ($1, 'Old Agency', 'old@agency.test', now() - interval '1 day')`,
    [token],
  );
  await page.goto(`/agent-assessment/${token}`);
  await expect(page.getByRole('heading', { name: 'Assessment Link Invalid' })).toBeVisible({ timeout: 20_000 });
});

test('a link opened for the first time while offline asks for a connection instead of calling the link invalid', async ({
  page,
  context,
}) => {
  const token = `F${randomUUID().replace(/-/g, '')}`;
  await sql(
    `insert into agent_assessments (token, agency_name, main_contact_email) values ($1, 'First Agency', 'first@agency.test')`,
    [token],
  );
  await page.goto('/');
  await controlledByServiceWorker(page);
  await context.setOffline(true);
  await page.goto(`/agent-assessment/${token}`);
  await expect(page.getByRole('heading', { name: 'Connect to open this assessment' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Assessment Link Invalid' })).toBeHidden();
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Agent Assessment' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Agency Name')).toHaveValue('First Agency');
});

test('someone who is not an unlocked shareholder cannot create links, in the page or through the API', async ({
  page,
}) => {
  const email = await signUp(page);
  await page.goto('/create-assessment');
  await expect(page.getByText(/Feature Locked: Agent Assessment will be unlocked/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Create Assessment' })).toBeHidden();

  const client = apiClient();
  await client.auth.signInWithPassword({ email, password: PASSWORD });
  const { error } = await client.from('agent_assessments').insert({
    token: `N${randomUUID().replace(/-/g, '')}`,
    agency_name: 'Sneaky',
    main_contact_email: 'x@y.test',
    status: 'pending',
  });
  expect(error?.code).toBe('42501');
});

test("the creator's links: kept for offline, refreshed on reconnecting, each copied again, emails broken at their @", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const creator = await signUp(page);
  await unlockShareholder(creator);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/create-assessment');
  await page.getByLabel('Agency Name').fill('Race Estates');
  await page.getByLabel('Contact Email').fill('race@estates.example');
  await page.getByRole('button', { name: 'Create Assessment' }).click();
  const url = await page.getByLabel('Assessment URL').inputValue();
  const card = page.getByRole('article', { name: 'Race Estates' });
  await expect(card).toBeVisible();

  // Copied again from its card, long after it was made.
  await card.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Assessment URL copied to clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  // The address breaks where a reader expects it: each of race@ / estates / .example on one line.
  const parts = card.getByText('race@estates.example').locator('span');
  await expect(parts).toHaveCount(3);
  for (const part of await parts.all()) expect(await part.evaluate((el) => el.getClientRects().length)).toBe(1);

  // Offline: the last list read stays, saying so; nothing claims there are none.
  await controlledByServiceWorker(page);
  await expect
    .poll(() => keptOnDevice(page, 'copy:created_assessments'), { timeout: 15_000 })
    .toContain('Race Estates');
  await context.setOffline(true);
  await page.reload();
  await expect(card).toBeVisible();
  await expect(page.getByText(/^Offline: showing your assessments as loaded on /)).toBeVisible();
  await expect(page.getByText('No assessments yet.')).toHaveCount(0);
  await expect(page.getByText(/Could not load your assessments/)).toHaveCount(0);

  // A link made meanwhile elsewhere shows once the connection returns, without a reload.
  const [user] = await sql<{ id: string }>('select id from auth.users where email = $1', [creator]);
  await sql(`insert into agent_assessments (token, created_by, agency_name) values ($1, $2, 'Second Lettings')`, [
    `T${randomUUID().replace(/-/g, '')}`,
    user!.id,
  ]);
  await context.setOffline(false);
  await expect(page.getByRole('article', { name: 'Second Lettings' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/^Offline: showing your assessments/)).toBeHidden();
});
