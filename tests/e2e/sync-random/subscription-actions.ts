// One action of a person on the share subscription wizard of one device, and what it must leave
// there: a value typed is on the device at once; a refused number of shares is said and not saved.
import { expect, type Page } from '@playwright/test';
import { deviceAction, deviceHandlers, readWizardStep, type Device, type DeviceAction, type Wizard } from './device';
import type { Scalar } from './model';
import { chooseField, expectSaved, same, stored, type Run } from './sequence';
import { BURST_FIELDS, FIELDS, shown, valueFor, type Action, type FieldDef } from './subscription-fields';
import { burstRace, saveThenClose, secondTab, twoTabRace } from './tab-actions';

export const WIZARD_URL = '/shareholder/subscribe';
const TOO_MANY_SHARES = '3000000000';
const TOO_MANY_MESSAGE = 'The number of shares is too large';

export const readStep = (page: Page) => readWizardStep(page, 5);

/** One action's doer: its wizard and device, where its draft is read, and how it says what it did. */
interface Actor {
  run: Run;
  w: Wizard;
  device: Device;
  page: () => Page;
  readDraft: (page: Page) => Promise<Record<string, unknown> | undefined>;
  server: () => Promise<Record<string, unknown>>;
  local: (column: string) => Promise<Scalar>;
  note: (what: string) => void;
}

/** What each action does; each draws from the run's random numbers in its own fixed order. */
const handlers: Record<Action, (a: Actor) => Promise<void>> = {
  type: async (a) => {
    const field = chooseField(
      a.run,
      a.device.name,
      FIELDS.filter((f) => f.step === a.w.step),
    );
    const value = valueFor(a.run, field);
    return answer(a, field, value, [await a.local(field.column)]);
  },
  next: (a) => press(a, 'next'),
  later: (a) => press(a, 'later'),
  back: async ({ w, page, note }) => {
    await page().getByRole('button', { name: 'Back', exact: true }).click();
    w.step--;
    await expect(page().getByText(`Step ${w.step} of 5:`)).toBeVisible();
    note('Back');
  },
  ...deviceHandlers(onDevice),
  twoTabs: tabs('twoTabs'),
  saveClose: tabs('saveClose'),
  tabBursts: bursts('tabBursts'),
  deviceBursts: bursts('deviceBursts'),
  refused,
};

export async function act(
  run: Run,
  w: Wizard,
  action: Action,
  readDraft: (page: Page) => Promise<Record<string, unknown> | undefined>,
  server: () => Promise<Record<string, unknown>>,
  i: number,
) {
  const { device } = w;
  const page = () => device.page;
  const local = async (column: string) => stored((await readDraft(page()))?.[column]);
  const from = w.step;
  const note = (what: string) => run.trace.push(`#${i} ${device.name} at step ${from}: ${what}`);
  return handlers[action]({ run, w, device, page, readDraft, server, local, note });
}

/** Next or 'Save & Continue Later': what was typed is on the device already. */
async function press({ w, page, note }: Actor, how: 'next' | 'later') {
  // A person closes a 'Progress Saved' toast lying over the button (hovered, it stays).
  for (const close of await page().locator('[data-scope="toast"][data-part="close-trigger"]').all()) {
    await close.click({ timeout: 2_000 }).catch(() => undefined);
  }
  if (how === 'next') {
    if (w.step === 3) for (const box of await page().getByRole('checkbox').all()) await box.check();
    const next = page().getByRole('button', { name: 'Next' });
    // A draft started on this device offline may lack what the other device typed: not yet.
    if (await next.isDisabled()) return note('Next is disabled: the step is not complete here yet');
    await next.click();
    w.step++;
    await expect(page().getByText(`Step ${w.step} of 5:`)).toBeVisible();
  } else {
    await page().getByRole('button', { name: 'Save & Continue Later' }).click();
  }
  note(how === 'next' ? 'Next' : 'Save & Continue Later');
}

async function type(page: Page, field: FieldDef, value: Scalar) {
  const input = page.getByLabel(field.label, { exact: true });
  await input.fill(String(value));
  if (field.column === 'number_of_shares') await input.blur();
}

/** Types `value` and waits until the device holds it: each change is saved as it is typed. */
async function answer(a: Actor, field: FieldDef, value: Scalar, before: Scalar[]) {
  const { run, device, page, local, note } = a;
  // What the field showed the moment before typing (a person looks first: what arrives in that
  // moment and shows is seen), and the device's copy only when the field shows it too (a refused
  // value held on screen hides a value pulled meanwhile: typed over, that one was never seen,
  // as in the assessment's soak seed 9161).
  const input = page().getByLabel(field.label, { exact: true });
  const seen = async () => {
    const showing = shown(field, await input.inputValue());
    const held = await local(field.column);
    return same(held, showing) ? [held, showing] : [showing];
  };
  const basis = [...before, ...(await seen())];
  await page().waitForTimeout(150);
  basis.push(...(await seen()));
  await type(page(), field, value);
  note(`types ${field.column} = ${JSON.stringify(value)} over ${basis.map((b) => JSON.stringify(b)).join(' / ')}`);
  const ok = await expectSaved(
    run,
    device,
    () => a.readDraft(page()),
    field.column,
    value,
    `typed ${field.column} never saved on the device`,
    a.server,
  );
  if (ok) run.model.save(device.name, field.column, value, basis);
}

/** Offline, reload, close, a lost answer or a dropped live channel: the step the wizard is at after. */
function onDevice(action: DeviceAction) {
  return async ({ w, device, note }: Actor) => {
    w.step = (await deviceAction(device, action, WIZARD_URL, readStep, note)) ?? w.step;
  };
}

/** Two tabs of this device typing one field at once, or a save with the tab closed at once. */
function tabs(action: 'twoTabs' | 'saveClose') {
  return async ({ run, w, device, local, note }: Actor) => {
    const field = chooseField(
      run,
      device.name,
      FIELDS.filter((f) => f.step === w.step),
    );
    const actor = { run, device, url: WIZARD_URL, readStep, local, note };
    if (action === 'saveClose') w.step = await saveThenClose(actor, field, valueFor(run, field));
    else await twoTabRace(actor, field, valueFor(run, field), valueFor(run, field), run.rng.int(0, 30));
  };
}

/** A burst race with a second tab of this device (tabBursts) or with the other device. */
function bursts(action: 'tabBursts' | 'deviceBursts') {
  return async ({ run, w, device, local, note }: Actor) => {
    const fields = FIELDS.filter((f) => f.step === w.step && BURST_FIELDS.includes(f.column));
    if (fields.length === 0) return;
    const field = chooseField(run, device.name, fields);
    const by = action === 'tabBursts' ? device : run.devices.find((d) => d !== device)!;
    const values = Array.from({ length: run.rng.int(2, 3) }, (): [Scalar, Scalar] => [
      valueFor(run, field),
      valueFor(run, field),
    ]);
    const actor = { run, device, url: WIZARD_URL, readStep, local, note };
    return burstRace(actor, { name: secondTab(by), context: by.context }, field, values);
  };
}

/** Too many shares: said on the page and not saved, then corrected and saved for later. */
async function refused(a: Actor) {
  const { run, device, page, local, note } = a;
  const field = FIELDS.find((f) => f.column === 'number_of_shares')!;
  const before = await local(field.column);
  await type(page(), field, TOO_MANY_SHARES);
  note(`types number_of_shares = ${TOO_MANY_SHARES} and presses Save & Continue Later`);
  try {
    await expect(page().getByText(TOO_MANY_MESSAGE)).toBeVisible({ timeout: 2_500 });
  } catch {
    run.problems.push(`device ${device.name}: no '${TOO_MANY_MESSAGE}' beside Number of shares for ${TOO_MANY_SHARES}`);
  }
  // The form may refuse to save at all while the value is refused; it must not save it.
  const later = page().getByRole('button', { name: 'Save & Continue Later' });
  if (await later.isEnabled()) await later.click();
  await page().waitForTimeout(400);
  if (same(await local(field.column), Number(TOO_MANY_SHARES))) {
    run.problems.push(`device ${device.name}: the refused ${TOO_MANY_SHARES} shares were saved on the device`);
  }
  // Corrected, then saved for later as the person meant to.
  await answer(a, field, valueFor(run, field), [before]);
  return press(a, 'later');
}
