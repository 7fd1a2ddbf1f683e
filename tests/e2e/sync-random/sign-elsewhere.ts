// The end of a subscription sequence where one device signs while the other is offline with a
// change typed since, or online on whatever step it is: the other shows the dashboard once it hears
// of it, its later change goes to its conflict log (set aside by the final state), nothing waits
// and no rule's name is on screen (docs/decisions/021-live-sync-channel.md, 023).
import { expect, type Page } from '@playwright/test';
import { fillLegal, sign } from '../subscription-steps';
import { setOffline, type Device } from './device';
import type { Run } from './sequence';

/** A server rule's name on screen ('share_subscriptions_signed_is_immutable', 'sync_…'). */
const RULE_NAME = /\b[a-z]+_[a-z0-9_]+\b/;

export async function signElsewhere(
  run: Run,
  signer: Device,
  other: Device,
  how: {
    url: string;
    readStep: (page: Page) => Promise<number>;
    otherOffline: boolean;
    /** Types a change on the other device (recorded in the model as any save). */
    typeOnOther: () => Promise<void>;
  },
) {
  if (how.otherOffline) {
    if (!other.offline) await setOffline(other, true);
    run.trace.push(`end ${other.name}: offline, types a change, while the other signs`);
    await how.typeOnOther();
  } else {
    if (other.offline) await setOffline(other, false);
    run.trace.push(`end ${other.name}: online, where it is, while the other signs`);
  }

  const page = signer.page;
  if (signer.offline) await setOffline(signer, false);
  await page.goto(how.url);
  // A draft with a name and an address resumes at the legal step.
  let step = await how.readStep(page);
  for (; step > 3; step--) await page.getByRole('button', { name: 'Back', exact: true }).click();
  for (; step < 3; step++) await page.getByRole('button', { name: 'Next' }).click();
  await fillLegal(page);
  await sign(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Complete Subscription' }).click();
  await expect(page.getByText('Subscription Completed!')).toBeVisible({ timeout: 20_000 });
  run.model.final(signer.name);
  run.trace.push(`end ${signer.name}: signs the subscription`);

  if (other.offline) await setOffline(other, false);
  try {
    await expect(other.page).toHaveURL(/\/shareholder\/dashboard$/, { timeout: 20_000 });
  } catch {
    run.problems.push(
      `device ${other.name} never showed the dashboard after the signing elsewhere (${other.page.url()})`,
    );
  }
  for (const device of [signer, other]) {
    const named = (await device.page.locator('body').innerText()).match(RULE_NAME)?.[0];
    if (named) run.problems.push(`device ${device.name} shows a rule's name: '${named}'`);
    // finish() checks each device on a page with the sync status.
    await device.page.goto('/saved-properties');
  }
}
