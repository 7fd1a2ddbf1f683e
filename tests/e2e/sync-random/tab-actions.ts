// What one browser does with more than one tab or in a hurry: two tabs of a device
// type one field within ~30 ms of each other, and a save is followed by the tab closing at once.
// The same device must never lose a value unseen: the value that does not stand is in Postgres's
// place in the conflict log (the model checks it as for two devices: the second tab is
// `<device>'`, its log the device's own).
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { closeAndReopen, readCollection, setOffline, type Device } from './device';
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
    // The value that stands shows within a second of the typing: what the person does next is
    // done over it (typed on sooner, it would be the same burst, which lost).
    await tab.waitForTimeout(1_200);
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

/** Where the other writer of a burst race types: a new tab of this device or of another. */
export interface OtherWriter {
  /** The model's name for it (`A'`: its conflict log is device A's). */
  name: string;
  context: BrowserContext;
}

/** How a wizard's field is reached (its input, its step from the step a page is at), and how the
 * wizard stores what is typed there. */
export interface WizardWays {
  input: (page: Page, field: TabField) => Locator;
  goToStep: (page: Page, from: number, to: number) => Promise<void>;
  stored: (text: string) => Scalar;
}

/** The subscription wizard's ways (5 steps, Back and Next). */
export const subscriptionWays: WizardWays = {
  input: (page, field) => page.getByLabel(field.label, { exact: true }),
  goToStep: async (page, from, to) => {
    for (let at = from; at !== to;) {
      await page.getByRole('button', { name: at > to ? 'Back' : 'Next', exact: true }).click();
      at += at > to ? -1 : 1;
      await expect(page.getByText(`Step ${at} of 5:`)).toBeVisible();
    }
  },
  // The subscription stores its text trimmed (subscription-form.ts).
  stored: (text) => text.trim() || null,
};

/** Types `value` key by key over the whole field, as a person does after selecting it. */
async function typeBurst(input: Locator, value: Scalar) {
  await input.focus();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(String(value), { delay: 30 });
}

/** What the device stores as each key is typed, as its wizard stores text. */
const prefixes = (value: Scalar, ways: WizardWays) => {
  const text = String(value);
  const all = Array.from({ length: text.length }, (_, i) => ways.stored(text.slice(0, i + 1)));
  return [...new Set(all)];
};

/**
 * Two writers of one field (ADR 030): this device's page and `other`'s new tab type one field at
 * once, key by key, in `values.length` bursts a pause apart. After each burst both show one whole
 * value, the same one, within a second; the value that lost is kept at most once per burst.
 */
export async function burstRace(
  a: TabActor,
  other: OtherWriter,
  field: TabField,
  values: [Scalar, Scalar][],
  ways: WizardWays = subscriptionWays,
) {
  // Two writers meet when both are online.
  for (const device of [a.device, ...a.run.devices.filter((d) => d.context === other.context)]) {
    if (device.offline) await setOffline(device, false);
  }
  const tab = await other.context.newPage();
  tab.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
  const typed: Scalar[] = [];
  const before: Scalar[] = [];
  try {
    await tab.goto(a.url);
    await ways.goToStep(tab, await a.readStep(tab), field.step);
    // Entries from before the race are earlier bursts' (a value may be a prefix of one typed here).
    const earlier = new Set<unknown>();
    for (const page of [a.device.page, tab])
      for (const e of await readCollection(page, 'conflict_log')) earlier.add(e.id);
    for (const [mine, theirs] of values) {
      const basis = [await a.local(field.column)];
      before.push(basis[0] ?? null);
      await Promise.all([typeBurst(ways.input(a.device.page, field), mine), typeBurst(ways.input(tab, field), theirs)]);
      a.note(
        `types ${field.column} = ${JSON.stringify(mine)} key by key while ${other.name} types ` +
          `${JSON.stringify(theirs)}, both over ${JSON.stringify(basis[0])}`,
      );
      // Every prefix was saved on its device as it was typed.
      for (const p of prefixes(mine, ways)) a.run.model.save(a.device.name, field.column, p, basis);
      for (const p of prefixes(theirs, ways)) a.run.model.save(other.name, field.column, p, basis);
      typed.push(...prefixes(mine, ways), ...prefixes(theirs, ways));
      await wholeEverywhere(a, tab, field, [mine, theirs], ways);
    }
    await tab.waitForTimeout(1_500);
    await countKept(a, [a.device.page, tab], field, { typed, before, earlier }, values.length);
  } finally {
    await tab.close();
  }
}

/**
 * Soon after the burst, both fields show the same whole value (one-answer-two-people.spec.ts holds the
 * second; here a push whose answer was dropped may add a retry).
 */
async function wholeEverywhere(a: TabActor, tab: Page, field: TabField, whole: Scalar[], ways: WizardWays) {
  const shownOn = (page: Page) => ways.input(page, field).inputValue();
  const agreed = async () => {
    const [here, there] = [await shownOn(a.device.page), await shownOn(tab)];
    return here === there && whole.some((v) => String(v) === here.replace(/,/g, ''));
  };
  const deadline = Date.now() + 6_000;
  while (!(await agreed()) && Date.now() < deadline) await tab.waitForTimeout(100);
  if (!(await agreed())) {
    a.run.problems.push(
      `${field.column}: after a burst the fields show ${JSON.stringify(await shownOn(a.device.page))} and ` +
        `${JSON.stringify(await shownOn(tab))}, not one whole value of ${JSON.stringify(whole)}`,
    );
    a.run.counts.spliced++;
  }
}

/**
 * At most one value per burst to review on each device (the conflict log of each page's database),
 * and none twice. A value that stood before a burst and was replaced unseen by its winner is that
 * writer's entry, not the burst's loser's: not counted. A burst's values set aside on the way stay
 * in the log, seen (the lost-value check reads them all).
 */
async function countKept(
  a: TabActor,
  pages: Page[],
  field: TabField,
  { typed, before, earlier }: { typed: Scalar[]; before: Scalar[]; earlier: Set<unknown> },
  bursts: number,
) {
  for (const page of pages) {
    const locals = (await readCollection(page, 'conflict_log'))
      .filter((e) => e.field === field.column && e.reviewed === false && !earlier.has(e.id))
      .map((e) => JSON.parse(String(e.local)) as Scalar);
    const twice = locals.filter((l, i) => locals.findIndex((m) => same(m, l)) !== i).length;
    const ofBursts = locals.filter((l) => typed.some((t) => same(l, t)) && !before.some((b) => same(l, b))).length;
    const extra = twice + Math.max(0, ofBursts - bursts);
    if (extra === 0) continue;
    a.run.counts.extraEntries += extra;
    a.run.problems.push(
      `${field.column}: ${ofBursts} values kept for ${bursts} bursts of typing, ${twice} kept twice ` +
        `(to review: ${locals.map((l) => JSON.stringify(l)).join(', ')}; before: ${before.map((b) => JSON.stringify(b)).join(', ')})`,
    );
  }
}
