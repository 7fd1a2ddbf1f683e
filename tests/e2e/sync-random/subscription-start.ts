// How a subscription sequence's draft comes to be (ADR 030): made beforehand (as if on a third
// device); made by A while B already has the wizard open, which must show it; or started on both
// devices offline before either had one, which must end as one draft, merged field by field.
import { expect } from '@playwright/test';
import { sql } from '../fixtures';
import { setOffline, type Device } from './device';
import type { Scalar } from './model';
import type { Run } from './sequence';
import { FIELDS } from './subscription-fields';

/** The shares a draft holds until someone types a number. */
export const DEFAULT_SHARES = 5000;

/**
 * How the draft comes to be (ADR 030): made beforehand (as if on a third device); made by A while
 * B already has the wizard open; or started on both devices offline, before either had one.
 */
export type Start = 'draft' | 'secondFirst' | 'bothOffline';
export async function insertDraft(id: string, userId: string, initial: Record<string, Scalar>) {
  const shares = initial.number_of_shares as number;
  await sql(
    `insert into share_subscriptions (id, user_id, subscriber_name, subscriber_email, subscriber_address,
       subscriber_phone, number_of_shares, subscription_price, total_amount, status)
     values ($1, $2, $3, $4, $5, $6, $7, 1.25, $8, 'draft')`,
    [
      id,
      userId,
      initial.subscriber_name,
      initial.subscriber_email,
      initial.subscriber_address,
      initial.subscriber_phone,
      shares,
      shares * 1.25,
    ],
  );
}

/** Types step 1's `values` on `device` (by column), each saved as typed over nothing. */
async function typeStepOne(run: Run, device: Device, values: Record<string, Scalar>) {
  for (const [column, value] of Object.entries(values)) {
    const field = FIELDS.find((f) => f.column === column)!;
    await device.page.getByLabel(field.label, { exact: true }).fill(String(value));
    run.model.save(device.name, column, value, [null]);
  }
  run.trace.push(`${device.name} types ${JSON.stringify(values)} with no draft yet`);
}

/**
 * Both devices are on an empty wizard. `secondFirst`: A types and B, open since before the draft
 * existed, must show it. `bothOffline`: each types offline, then both come back.
 */
export async function startWithoutDraft(run: Run, start: Exclude<Start, 'draft'>) {
  const [a, b] = run.devices as [Device, Device];
  if (start === 'secondFirst') {
    const subscriber_name = run.values.text('Name');
    await typeStepOne(run, a, {
      subscriber_name,
      subscriber_email: run.values.email(),
      subscriber_address: run.values.text('Road'),
    });
    try {
      await expect(b.page.getByLabel('Full name', { exact: true })).toHaveValue(String(subscriber_name), {
        timeout: 10_000,
      });
    } catch {
      run.problems.push(`device B, open before the draft existed, never showed A's name ${subscriber_name}`);
    }
    return;
  }
  for (const device of run.devices) await setOffline(device, true);
  run.trace.push('A and B go offline before either has a draft');
  await typeStepOne(run, a, {
    subscriber_name: run.values.text('Name'),
    subscriber_email: run.values.email(),
    subscriber_address: run.values.text('Road'),
  });
  await typeStepOne(run, b, { subscriber_name: run.values.text('Name'), subscriber_phone: run.values.phone() });
  for (const device of run.devices) await setOffline(device, false);
  run.trace.push('A and B come back online');
}
