// The share subscription in the engines beside Chromium: signed up through /auth, the wizard
// filled with the network cut from step 2 (the offline proxy), a signature typed (text drawn on the
// canvas in a handwriting face) and then drawn instead (mouse strokes on the canvas), reloaded
// offline at step 5, completed offline, and signed in Postgres once the network is back. One run
// per engine holds both ways of signing: what differs between them in an engine is the canvas, and a
// typed signature's journey to Postgres is the drawn one's (Chromium runs both to the end:
// tests/e2e/signing-by-keyboard.spec.ts, two-writers.spec.ts).
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineDevice } from './device';
import { ENGINES, openPage, stopAll } from './engines';
import type { EnginePage } from './page';
import { newEmail, signUp, sql } from './stack';

const STROKE = [
  [40, 120],
  [80, 60],
  [140, 140],
  [200, 70],
  [260, 130],
  [320, 80],
] as const;

const signed = async (email: string) =>
  (
    await sql<{ shares: number; method: string; image: boolean }>(
      `select s.number_of_shares as shares, s.signature_method as method,
              s.signature_data like 'data:image/png;base64,%' as image
         from share_subscriptions s join auth.users u on u.id = s.user_id
        where u.email = $1 and s.status = 'signed' and s.signature_hash is not null`,
      [email],
    )
  )[0];

async function toSignature(page: EnginePage) {
  await page.see('Step 1 of 5: Personal Details');
  await page.fill('Full name', 'Ada Lovelace');
  await page.fill('Address', '12 St James Square, London SW1Y 4JH');
  await page.fill('Phone (optional)', '020 7946 0123');
  await page.press('Next');

  await page.device.setOffline(true);
  await page.see('Step 2 of 5: Investment Details');
  await page.fill('Number of shares', '8000');
  await page.see('£10,000.00');
  await page.press('Next');
  await page.see('Step 3 of 5: Legal Confirmations');
  expect(await page.enabled('Next')).toBe(false);
  expect(await page.checkAll()).toBeGreaterThan(0);
  await page.until(() => page.enabled('Next'), 'Next once every confirmation is checked');
  await page.press('Next');
  await page.see('Step 4 of 5: Digital Signature');
  expect(await page.enabled('Next')).toBe(false);
}

async function completeOffline(page: EnginePage, email: string) {
  await page.until(() => page.enabled('Next'), 'Next once signed');
  await page.press('Next');
  await page.see('Step 5 of 5: Payment Instructions');
  // Next saves in the background (ADR 019): a moment for it before the reload.
  await new Promise((r) => setTimeout(r, 300));
  await page.reload();
  await page.see('Step 5 of 5: Payment Instructions');
  await page.see('£10,000.00');
  await page.press('Complete Subscription');
  await page.until(async () => (await page.path()) === '/shareholder/dashboard', 'the dashboard');
  await page.see('will be submitted when you are back online');
  expect(await signed(email)).toBeUndefined();
  await page.device.setOffline(false);
}

describe.each(ENGINES)('%s', (_name, prefix, launch) => {
  const opened: EngineDevice[] = [];
  afterEach(() => stopAll(opened));

  it('signs offline, typed and then drawn instead; it is signed in Postgres once back online', async () => {
    const page = await openPage(launch, opened);
    const email = newEmail(prefix);
    await signUp(page, email);
    await page.goto('/shareholder/subscribe');
    await page.controlled();
    await toSignature(page);

    await page.press('Type your name');
    expect(await page.value('Type your full name')).toBe('Ada Lovelace');
    await page.see('Signature captured.');
    await page.press('Draw');
    await page.gone('Signature captured.');
    await page.device.draw(await page.present('[data-testid="signature-pad"]'), STROKE);
    await page.see('Signature captured.');

    await completeOffline(page, email);
    // Waited for by the page's poll, which says what the page shows (its sync status) if it fails.
    const drawn = { shares: 8000, method: 'drawn', image: true };
    await page.until(
      async () => JSON.stringify(await signed(email)) === JSON.stringify(drawn),
      'the subscription signed in Postgres',
      60_000,
    );
    expect(await signed(email)).toEqual(drawn);
    await page.gone('will be submitted when you are back online', 30_000);
    expect(await page.device.errors()).toEqual([]);
  }, 180_000);
});
