// One action of a person on the assessment wizard of one device, and what it must leave there:
// an answer typed or a box ticked is on the device at once; a refused value is said and not saved.
import { expect, type Page } from '@playwright/test';
import { deviceAction, deviceHandlers, readWizardStep, type Device, type DeviceAction, type Wizard } from './device';
import type { Scalar } from './model';
import { MULTI, REFUSED, TEXT, valueFor, type Action, type TextDef } from './assessment-fields';
import { chooseField, expectLocal, expectSaved, same, stored, type Run } from './sequence';
import { burstRace, secondTab, type WizardWays } from './tab-actions';

/** The assessment's ways for a burst race (7 steps, Previous and Next). */
const ways: WizardWays = {
  input: (page, field) => page.getByLabel(field.label).and(page.locator('input, textarea')),
  goToStep: async (page, from, to) => {
    for (let at = from; at !== to;) {
      await page.getByRole('button', { name: at > to ? 'Previous' : 'Next' }).click();
      at += at > to ? -1 : 1;
      await expect(page.getByText(`Step ${at} of 7:`)).toBeVisible();
    }
  },
  // The assessment stores a text answer as typed, spaces and all; blank is no answer (answers.ts).
  stored: (text) => (text.trim() === '' ? null : text),
};

export const readStep = (page: Page) => readWizardStep(page, 7);

/** One action's doer: its wizard and device, where its document is read, and how it says what it did. */
interface Actor {
  run: Run;
  w: Wizard;
  device: Device;
  url: string;
  page: () => Page;
  read: () => Promise<Record<string, unknown> | undefined>;
  server: () => Promise<Record<string, unknown>>;
  local: (column: string) => Promise<Scalar>;
  note: (what: string) => void;
}

/** What each action does; each draws from the run's random numbers in its own fixed order. */
const handlers: Record<Action, (a: Actor) => Promise<void>> = {
  type: async (a) => {
    const def = chooseField(
      a.run,
      a.device.name,
      TEXT.filter((t) => t.step === a.w.step),
    );
    return answer(a, def, valueFor(a.run, def), [await a.local(def.column)]);
  },
  toggle,
  next: (a) => go(a, a.w.step + 1, 'Next'),
  previous: (a) => go(a, a.w.step - 1, 'Previous'),
  ...deviceHandlers(onDevice),
  tabBursts: bursts('tabBursts'),
  deviceBursts: bursts('deviceBursts'),
  refused,
};

export async function act(
  run: Run,
  w: Wizard,
  action: Action,
  where: {
    readDoc: (page: Page) => Promise<Record<string, unknown> | undefined>;
    server: () => Promise<Record<string, unknown>>;
    url: string;
  },
  i: number,
) {
  const { readDoc, server, url } = where;
  const { device } = w;
  const page = () => device.page;
  const read = () => readDoc(page());
  const local = async (column: string) => stored((await read())?.[column]);
  const from = w.step;
  const note = (what: string) => run.trace.push(`#${i} ${device.name} at step ${from}: ${what}`);
  return handlers[action]({ run, w, device, url, page, read, server, local, note });
}

/** Types `value` and waits until the device holds it: each answer is saved as it is typed. */
async function answer(a: Actor, def: TextDef, value: Scalar, before: Scalar[]) {
  const { run, device, page, local, note } = a;
  // What the question showed the moment before typing (a person looks first: what arrives in
  // that moment and shows is seen), and the device's copy when the question shows it too.
  const input = page().getByLabel(def.label).and(page().locator('input, textarea'));
  // What the question shows; the device's own copy only when it shows that too (a refused
  // answer held on screen hides a value pulled meanwhile: typed over, that one was never seen,
  // soak seed 9161).
  const seen = async () => {
    const shown = stored(await input.inputValue());
    const held = await local(def.column);
    return same(held, shown) ? [held, shown] : [shown];
  };
  const basis = [...before, ...(await seen())];
  await page().waitForTimeout(150);
  basis.push(...(await seen()));
  await input.fill(String(value));
  note(`types ${def.column} = ${JSON.stringify(value)} over ${basis.map((b) => JSON.stringify(b)).join(' / ')}`);
  const ok = await expectSaved(
    run,
    device,
    a.read,
    def.column,
    value,
    `typed ${def.column} never saved on the device`,
    a.server,
  );
  if (ok) run.model.save(device.name, def.column, value, basis);
}

async function go({ w, page, note }: Actor, to: number, button: string) {
  await page().getByRole('button', { name: button }).click();
  w.step = to;
  await expect(page().getByText(`Step ${to} of 7:`)).toBeVisible();
  note(button);
}

async function toggle({ run, w, device, page, read, note }: Actor) {
  const def = run.rng.pick(MULTI.filter((m) => m.step === w.step));
  const option = run.rng.pick(def.options);
  const box = page().getByRole('group', { name: def.legend }).getByLabel(option, { exact: true });
  const present = !(await box.isChecked());
  await box.setChecked(present);
  note(`${present ? 'ticks' : 'unticks'} ${def.column} '${option}'`);
  const ok = await expectLocal(
    run,
    device,
    read,
    def.column,
    (v) => Array.isArray(v) && v.includes(option) === present,
    `${present ? 'ticked' : 'unticked'} '${option}' never saved on the device`,
  );
  if (ok) run.model.listOp(device.name, def.column, option, present);
}

/** Offline, reload, close, a lost answer or a dropped live channel: the step the wizard is at after. */
function onDevice(action: DeviceAction) {
  return async ({ w, device, url, note }: Actor) => {
    w.step = (await deviceAction(device, action, url, readStep, note)) ?? w.step;
  };
}

/** A burst race with a second tab of this device (tabBursts) or with the other device. */
function bursts(action: 'tabBursts' | 'deviceBursts') {
  return async ({ run, w, device, url, local, note }: Actor) => {
    const def = chooseField(
      run,
      device.name,
      TEXT.filter((t) => t.step === w.step && t.kind === 'text'),
    );
    const by = action === 'tabBursts' ? device : run.devices.find((d) => d !== device)!;
    const values = Array.from({ length: run.rng.int(2, 3) }, (): [Scalar, Scalar] => [
      valueFor(run, def),
      valueFor(run, def),
    ]);
    const actor = { run, device, url, readStep, local, note };
    return burstRace(actor, { name: secondTab(by), context: by.context }, def, values, ways);
  };
}

/** A refused Number of Offices: said on the page and not saved, then a good one typed. */
async function refused(a: Actor) {
  const { run, device, page, local, note } = a;
  const def = TEXT.find((t) => t.column === 'number_of_offices')!;
  const before = await local(def.column);
  const [bad, message] = run.rng.pick(REFUSED);
  await page().getByLabel(def.label).and(page().locator('input, textarea')).fill(bad);
  note(`types number_of_offices = '${bad}'`);
  try {
    await expect(page().getByText(message)).toBeVisible({ timeout: 2_500 });
  } catch {
    run.problems.push(`device ${device.name}: no message matching ${String(message)} for Number of Offices '${bad}'`);
  }
  await page().waitForTimeout(300);
  const after = await local(def.column);
  // Another device's saved value may arrive meanwhile (the live channel): that is a pull.
  const pulled = run.model.saves.some(
    (s) => s.device !== device.name && s.field === def.column && same(s.value, after),
  );
  if (!same(after, before) && !pulled) {
    run.problems.push(
      `device ${device.name}: Number of Offices '${bad}' was saved on the device as ${JSON.stringify(after)} (was ${JSON.stringify(before)})`,
    );
  }
  return answer(a, def, valueFor(run, def), [before]);
}
