// What one browser does with more than one tab or in a hurry (issue 33): two tabs of a device
// type one field within ~30 ms of each other, and a save is followed by the tab closing at once.
// The same device must never lose a value unseen: the value that does not stand is in Postgres's
// place in the conflict log (the model checks it as for two devices: the second tab is
// `<device>'`, its log the device's own).
import { expect, type Page } from '@playwright/test';
import { closeAndReopen, type Device } from './device';
import { same, type Scalar } from './model';
import type { Run } from './sequence';

export interface TabField {
  column: string;
  label: string;
  step: number;
}

export interface TabActor {
  run: Run;
  device: Device;
  url: string;
  readStep: (page: Page) => Promise<number>;
  /** The field's value as the device stores it now. */
  local: (column: string) => Promise<Scalar>;
  note: (what: string) => void;
}

/** The second tab of a device, as the model knows it. */
export const secondTab = (device: Device) => `${device.name}'`;

async function fill(page: Page, field: TabField, value: Scalar) {
  const input = page.getByLabel(field.label, { exact: true });
  await input.fill(String(value));
  if (field.column === 'number_of_shares') await input.blur();
}

/**
 * A second tab opens the wizard and goes to `field`'s step; the first tab types `first` and the
 * second `second` `gapMs` later, neither having seen the other's. Returns once the device holds
 * one of them and the writes have had time to settle.
 */
export async function twoTabRace(a: TabActor, field: TabField, first: Scalar, second: Scalar, gapMs: number) {
  const tab = await a.device.context.newPage();
  tab.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
  try {
    await tab.goto(a.url);
    for (let at = await a.readStep(tab); at > field.step; at--) {
      await tab.getByRole('button', { name: 'Back', exact: true }).click();
      await expect(tab.getByText(`Step ${at - 1} of 5:`)).toBeVisible();
    }
    const basis = [await a.local(field.column)];
    await Promise.all([
      fill(a.device.page, field, first),
      new Promise((resolve) => setTimeout(resolve, gapMs)).then(() => fill(tab, field, second)),
    ]);
    a.note(
      `types ${field.column} = ${JSON.stringify(first)} while a second tab types ${JSON.stringify(second)} ` +
        `${gapMs} ms later, both over ${JSON.stringify(basis[0])}`,
    );
    a.run.model.save(a.device.name, field.column, first, basis);
    a.run.model.save(secondTab(a.device), field.column, second, basis);
    await expect
      .poll(async () => {
        const now = await a.local(field.column);
        return same(now, first) || same(now, second);
      })
      .toBe(true);
    await tab.waitForTimeout(500);
  } finally {
    await tab.close();
  }
}

/**
 * Types `value`, presses 'Save & Continue Later' and closes the tab at once (no beforeunload, as a
 * browser closed), then opens the wizard again. The value counts as saved: the press said so.
 * Returns the step the wizard opens at.
 */
export async function saveThenClose(a: TabActor, field: TabField, value: Scalar): Promise<number> {
  const basis = [await a.local(field.column)];
  await fill(a.device.page, field, value);
  await a.device.page.getByRole('button', { name: 'Save & Continue Later' }).click();
  a.run.model.save(a.device.name, field.column, value, basis);
  await closeAndReopen(a.device, a.url);
  const step = await a.readStep(a.device.page);
  a.note(
    `types ${field.column} = ${JSON.stringify(value)}, presses Save & Continue Later, closes the tab at once, ` +
      `opens again at step ${step}`,
  );
  return step;
}
