// The share subscription done with the keyboard alone, signed by typing a name: at a
// phone's and a tablet's width, each step's heading takes the focus, axe finds nothing serious on
// the signature step, and the signed row says how it was signed.
import { expect, type Locator, type Page } from '@playwright/test';
import { axeProblems, layoutProblem } from './checks';
import { LONG_WORD } from './fit-and-a11y-fixtures';
import { controlledByServiceWorker, signUp, sql, test } from './fixtures';
import { stepHeading } from './subscription-steps';

/** Tab (forwards) until `target` has the focus, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** The focus is on the new step's heading (the wizard moved it there). */
async function expectFocusOnHeading(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeFocused();
}

for (const width of [390, 820]) {
  test(`by keyboard only, with a typed signature, at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width < 700 ? 844 : 1180 });
    const email = await signUp(page);
    await page.goto('/shareholder/subscribe');
    await expect(stepHeading(page, 1, 'Personal Details')).toBeVisible();

    await tabTo(page, page.getByLabel('Full name'));
    await page.keyboard.type('Ada Keyboard-Lovelace');
    await tabTo(page, page.getByLabel('Address'));
    await page.keyboard.type('12 St James Square, London SW1Y 4JH');
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expectFocusOnHeading(page, 'Investment Details');

    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expectFocusOnHeading(page, 'Legal Confirmations');

    for (const box of await page.getByRole('checkbox').all()) {
      await tabTo(page, box);
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expectFocusOnHeading(page, 'Digital Signature');
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    // The way of signing is a tab list: the arrow key moves to 'Type your name'.
    await tabTo(page, page.getByRole('tab', { name: 'Draw' }));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Type your name' })).toHaveAttribute('aria-selected', 'true');
    const typed = page.getByLabel('Type your full name');
    await tabTo(page, typed);
    await expect(typed).toHaveValue('Ada Keyboard-Lovelace');
    await expect(page.getByRole('img', { name: 'Signature: Ada Keyboard-Lovelace' })).toBeVisible();
    await expect(page.getByText('Signature captured.')).toBeVisible();
    expect(await page.evaluate(layoutProblem)).toBeNull();
    expect(await axeProblems(page)).toEqual([]);

    // Another name is no signature of this subscriber's: the step says so, and Next waits.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Zorro');
    await expect(page.getByText('Type your name as you gave it in step 1: Ada Keyboard-Lovelace.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(await axeProblems(page)).toEqual([]);
    // Case and spacing aside, the name is the name.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('ada  keyboard-lovelace');
    await expect(page.getByText(/^Type your name as you gave it/)).toBeHidden();

    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expectFocusOnHeading(page, 'Payment Instructions');
    await tabTo(page, page.getByRole('button', { name: 'Complete Subscription' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/shareholder\/dashboard$/, { timeout: 20_000 });

    // The signed row says it was typed, and so does the text its hash was made over.
    await expect
      .poll(
        async () =>
          (
            await sql<{ method: string; says: boolean; image: boolean; name: string }>(
              `select s.signature_method as method, s.signature_name as name,
                      public.share_agreement_text(s) like '%who typed their name as their signature.' as says,
                      s.signature_data like 'data:image/png;base64,%' as image
                 from share_subscriptions s join auth.users u on u.id = s.user_id
                where u.email = $1 and s.status = 'signed' and s.signature_hash is not null`,
              [email],
            )
          )[0],
        { timeout: 20_000 },
      )
      .toEqual({ method: 'typed', says: true, image: true, name: 'ada  keyboard-lovelace' });
  });
}

test('a 200-character name and address without a space wrap on every step and the dashboard at 390 px', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const name = LONG_WORD(200);
  const address = LONG_WORD(200);
  await signUp(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/shareholder/subscribe');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Address').fill(address);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('tab', { name: 'Type your name' }).click();
  await expect(page.getByText('Signature captured.')).toBeVisible();
  expect(await page.evaluate(layoutProblem), 'step 4 with the name typed').toBeNull();
  // The other way drops this signature: an empty pad, nothing captured, Next waits.
  await page.getByRole('tab', { name: 'Draw' }).click();
  await expect(page.getByText('Signature captured.')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Type your name' }).click();
  await expect(page.getByText('Signature captured.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, 5, 'Payment Instructions')).toBeVisible();
  expect(await page.evaluate(layoutProblem), 'step 5').toBeNull();
  // 'Complete Subscription' is on the screen's width, not pushed off to the right.
  const complete = (await page.getByRole('button', { name: 'Complete Subscription' }).boundingBox())!;
  expect(complete.x).toBeGreaterThanOrEqual(0);
  expect(complete.x + complete.width).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Complete Subscription' }).click();
  await expect(page).toHaveURL(/\/shareholder\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${name}` })).toBeVisible();
  expect(await page.evaluate(layoutProblem), 'the dashboard').toBeNull();
});

test('offline at 820 px, a 10,000-character paste into the typed name is cut to 200 and says so; it still signs', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signUp(page);
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto('/shareholder/subscribe');
  // Offline as a person is once the app is ready offline: step 4's code (the signature pad) comes
  // on demand, from the worker's precache. Before the worker controls the page it comes from the
  // network only, and offline the step says it needs a connection (missing-code.spec.ts): a run
  // that went offline that early waited 180 s for the pad's tabs.
  await controlledByServiceWorker(page);
  await page.getByLabel('Full name').fill('Ada Offline');
  await page.getByLabel('Address').fill('1 High Street, London');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, 4, 'Digital Signature')).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('tab', { name: 'Type your name' }).click();
  const typed = page.getByLabel('Type your full name');
  await typed.fill(LONG_WORD(10_000));
  await expect(typed).toHaveValue(LONG_WORD(200));
  await expect(page.getByText('At most 200 characters')).toBeVisible();
  await expect(page.getByText('Signature captured.')).toBeVisible();
  expect(await page.evaluate(layoutProblem)).toBeNull();
  // Emptied, it is no signature: Next waits, and nothing typed on the earlier steps is lost.
  await typed.fill('');
  await expect(page.getByText('Signature captured.')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Full name')).toHaveValue('Ada Offline');
  await context.setOffline(false);
});
