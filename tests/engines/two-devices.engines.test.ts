// Two devices of one subscriber on one draft, both of one engine (two browsers, two profiles):
// an edit on A reaches B while B sits idle (the live channel, through the proxy's tunnel); then B
// loses the network while A finishes and signs, and when B is back it shows the dashboard, saying
// the subscription was signed on another device, with no rule's name on screen.
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineDevice } from './device';
import { ENGINES, openPage, stopAll } from './engines';
import { newEmail, signIn, signUp } from './stack';

const RULE_NAME = /\b[a-z]+_[a-z0-9_]+\b/;

describe.each(ENGINES)('%s', (_name, prefix, launch) => {
  const opened: EngineDevice[] = [];
  afterEach(() => stopAll(opened));

  it('an idle device follows the draft live, and one offline while the other signs ends on the dashboard', async () => {
    const a = await openPage(launch, opened);
    const email = newEmail(prefix);
    await signUp(a, email);
    await a.goto(`/shareholder/subscribe`);
    await a.see('Step 1 of 5: Personal Details');
    await a.fill('Full name', 'Ada Lovelace');
    await a.fill('Address', '12 St James Square, London SW1Y 4JH');
    await a.press('Next');
    await a.see('Step 2 of 5: Investment Details');
    await a.see('All changes synced');

    const b = await openPage(launch, opened);
    await signIn(b, email);
    await b.goto(`/shareholder/subscribe`);
    await b.see('Step 3 of 5: Legal Confirmations');
    await b.press('Back');
    await b.see('Step 2 of 5: Investment Details');
    expect(await b.value('Number of shares')).toBe('5000');

    // B is idle; its 30-s re-sync would be too late for this wait: only the live channel is in time.
    await a.fill('Number of shares', '9000');
    await a.see('£11,250.00');
    await b.until(async () => (await b.value('Number of shares')) === '9000', 'the share count from A on B', 10_000);

    await b.device.setOffline(true);
    await a.press('Next');
    await a.see('Step 3 of 5: Legal Confirmations');
    await a.checkAll();
    await a.until(() => a.enabled('Next'), 'Next once every confirmation is checked');
    await a.press('Next');
    await a.see('Step 4 of 5: Digital Signature');
    await a.press('Type your name');
    await a.until(() => a.enabled('Next'), 'Next once signed');
    await a.press('Next');
    await a.press('Complete Subscription');
    await a.see('Subscription Completed!', 30_000);

    await b.device.setOffline(false);
    await b.until(async () => (await b.path()) === '/shareholder/dashboard', 'the dashboard on B', 45_000);
    await b.see('Signed on another device');
    const text = await b.device.evaluate(() => document.body.innerText);
    expect(text.match(RULE_NAME)?.[0] ?? null).toBeNull();
    expect([...(await a.device.errors()), ...(await b.device.errors())]).toEqual([]);
  }, 240_000);
});
