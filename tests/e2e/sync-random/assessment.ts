// The agent assessment on two devices of one agency (one link, no account): every answer is
// saved on the device as it is typed or ticked.
import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { controlledByServiceWorker, sql } from '../fixtures';
import { closeAndReopen, newDevice, readCollection, reload, setOffline, type Device } from './device';
import { Model, type Scalar } from './model';
import type { Rng } from './prng';
import {
  chooseField,
  expectLocal,
  expectSaved,
  finish,
  newRun,
  nextActor,
  same,
  stored,
  withTrace,
  type Outcome,
  type Run,
} from './sequence';

type Kind = 'text' | 'email' | 'tel' | 'url' | 'offices';

interface TextDef {
  column: string;
  label: string;
  step: number;
  kind: Kind;
}

interface MultiDef {
  column: string;
  legend: string;
  step: number;
  options: string[];
}

// The labels the wizard shows (src/features/assessment/fields.ts).
const TEXT: TextDef[] = [
  { column: 'agency_name', label: 'Agency Name', step: 1, kind: 'text' },
  { column: 'office_locations', label: 'Office Locations', step: 1, kind: 'text' },
  { column: 'number_of_offices', label: 'Number of Offices', step: 1, kind: 'offices' },
  { column: 'main_contact_name', label: 'Main Contact Name', step: 1, kind: 'text' },
  { column: 'main_contact_email', label: 'Main Contact Email', step: 1, kind: 'email' },
  { column: 'main_contact_phone', label: 'Main Contact Phone', step: 1, kind: 'tel' },
  { column: 'website_url', label: 'Website URL', step: 1, kind: 'url' },
  { column: 'ai_assistant_name', label: 'What should your assistant be called?', step: 2, kind: 'text' },
  { column: 'preferred_greeting', label: 'Preferred greeting', step: 2, kind: 'text' },
  { column: 'preferred_signoff', label: 'Preferred sign-off', step: 2, kind: 'text' },
  { column: 'crm_platform', label: 'Which CRM do you use?', step: 3, kind: 'text' },
  { column: 'phone_system_provider', label: 'Phone system provider', step: 3, kind: 'text' },
  { column: 'linkedin_handle', label: 'LinkedIn', step: 6, kind: 'text' },
  { column: 'instagram_handle', label: 'Instagram', step: 6, kind: 'text' },
  { column: 'threads_handle', label: 'Threads', step: 6, kind: 'text' },
  { column: 'valuation_leads_script', label: 'How should Chloe handle valuation leads?', step: 7, kind: 'text' },
  { column: 'additional_requirements', label: 'Anything else Chloe should know or do?', step: 7, kind: 'text' },
];

const MULTI: MultiDef[] = [
  {
    column: 'tone_of_voice',
    legend: 'Tone of voice',
    step: 2,
    options: ['Friendly & Casual', 'Professional & Polished', 'Calm & Reassuring', 'Authoritative & Confident'],
  },
  {
    column: 'office_devices',
    legend: 'Devices in the office',
    step: 3,
    options: ['Desktop computers', 'Tablets', 'IP phones'],
  },
  {
    column: 'property_portals',
    legend: 'Which property portals do you list on?',
    step: 4,
    options: ['Rightmove', 'Zoopla', 'OnTheMarket', 'OpenRent'],
  },
  {
    column: 'primary_ai_goals',
    legend: 'What should Chloe achieve for you?',
    step: 5,
    options: ['Provide 24/7 availability', 'Reduce missed opportunities', 'Increase lead conversion rates'],
  },
];

// A refused 'Number of Offices' and the message that must say so instead of saving it.
const REFUSED: [string, RegExp][] = [
  ['abc', /whole number/],
  ['-3', /whole number/],
  ['2.5', /whole number/],
  ['99999999999', /The number of offices is too large/],
];

type Action = 'type' | 'toggle' | 'next' | 'previous' | 'offline' | 'reload' | 'close' | 'dropAck' | 'refused';
const WEIGHTS: Record<Action, number> = {
  type: 30,
  toggle: 16,
  next: 13,
  previous: 8,
  offline: 8,
  reload: 7,
  close: 5,
  dropAck: 6,
  refused: 6,
};

/** What a person does next on `step` (only what the step offers). */
const weights = (step: number): Partial<Record<Action, number>> => ({
  ...WEIGHTS,
  type: TEXT.some((t) => t.step === step) ? WEIGHTS.type : 0,
  toggle: MULTI.some((m) => m.step === step) ? WEIGHTS.toggle : 0,
  next: step < 7 ? WEIGHTS.next : 0,
  previous: step > 1 ? WEIGHTS.previous : 0,
  refused: step === 1 ? WEIGHTS.refused : 0,
});

interface Wizard {
  device: Device;
  step: number;
}

const stepText = (page: Page) => page.getByText(/^Step \d of 7: /).first();

async function readStep(page: Page): Promise<number> {
  await expect(stepText(page)).toBeVisible({ timeout: 20_000 });
  return Number(/Step (\d)/.exec(await stepText(page).innerText())?.[1]);
}

function valueFor(run: Run, def: TextDef): Scalar {
  switch (def.kind) {
    case 'email':
      return run.values.email();
    case 'tel':
      return run.values.phone();
    case 'url':
      return run.values.url();
    case 'offices':
      return run.values.unique(1, 10_000);
    default:
      return run.values.text(def.label.split(' ')[0]!);
  }
}

export async function runAssessment(browser: Browser, seed: number, rng: Rng, steps: number): Promise<Outcome> {
  const token = `S${randomUUID().replace(/-/g, '')}`.slice(0, 32);
  // The link as a shareholder makes it; every other answer starts at its column's default.
  const [row] = await sql(
    `insert into agent_assessments (token, agency_name, main_contact_email) values ($1, $2, $3) returning *`,
    [token, `Agency ${seed}`, `agency.${seed}@example.test`],
  );
  const initial: Record<string, Scalar> = Object.fromEntries(TEXT.map((t) => [t.column, stored(row![t.column])]));
  const run = newRun(
    seed,
    rng,
    new Model(
      initial,
      MULTI.map((m) => m.column),
    ),
  );
  const url = `/agent-assessment/${token}`;
  const wizards: Wizard[] = [];
  const readDoc = async (page: Page) => (await readCollection(page, 'agent_assessments'))[0];
  const serverRow = async () => (await sql('select * from agent_assessments where token = $1', [token]))[0] ?? {};
  try {
    for (const name of ['A', 'B']) {
      const context = await browser.newContext();
      const device = await newDevice(name, context, await context.newPage(), (l) => run.trace.push(l));
      run.devices.push(device);
      await device.page.goto(url);
      await expect(device.page.getByRole('heading', { name: 'Agent Assessment' })).toBeVisible({ timeout: 20_000 });
      wizards.push({ device, step: await readStep(device.page) });
    }
    for (const device of run.devices) await controlledByServiceWorker(device.page);

    let w: Wizard | undefined;
    for (let i = 0; i < steps; i++) {
      w = nextActor(run, wizards, w);
      run.model.at = i;
      const action = rng.weighted<Action>(weights(w.step));
      await act(run, w, action, { readDoc, server: serverRow, url }, i);
    }

    return await finish(run, {
      ready: async (page) => void (await readStep(page)),
      table: 'agent_assessments',
      docId: async () =>
        String((await sql<{ id: string }>('select id from agent_assessments where token = $1', [token]))[0]!.id),
      serverRow,
    });
  } catch (error) {
    throw withTrace(error, run);
  } finally {
    for (const device of run.devices) await device.context.close().catch(() => undefined);
  }
}

async function act(
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

  /** Types `value` and waits until the device holds it: each answer is saved as it is typed. */
  async function answer(def: TextDef, value: Scalar, before: Scalar[]) {
    // What the device held, and what the question showed, the moment before typing: a pull can
    // land between the first read and the typing (the form then shows it, and typing over it is
    // replacing it knowingly).
    // A person looks before typing: what arrives in that moment (a pull, a merge) is seen.
    const input = page().getByLabel(def.label);
    const seen = async () => [await local(def.column), stored(await input.inputValue())];
    const basis = [...before, ...(await seen())];
    await page().waitForTimeout(150);
    basis.push(...(await seen()));
    await input.fill(String(value));
    note(`types ${def.column} = ${JSON.stringify(value)} over ${basis.map((b) => JSON.stringify(b)).join(' / ')}`);
    const ok = await expectSaved(
      run,
      device,
      read,
      def.column,
      value,
      `typed ${def.column} never saved on the device`,
      server,
    );
    if (ok) run.model.save(device.name, def.column, value, basis);
  }

  async function go(to: number, button: string) {
    await page().getByRole('button', { name: button }).click();
    w.step = to;
    await expect(page().getByText(`Step ${to} of 7:`)).toBeVisible();
    note(button);
  }

  switch (action) {
    case 'type': {
      const def = chooseField(
        run,
        device.name,
        TEXT.filter((t) => t.step === w.step),
      );
      return answer(def, valueFor(run, def), [await local(def.column)]);
    }
    case 'toggle': {
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
      return;
    }
    case 'next':
      return go(w.step + 1, 'Next');
    case 'previous':
      return go(w.step - 1, 'Previous');
    case 'offline':
      await setOffline(device, !device.offline);
      note(device.offline ? 'goes offline' : 'goes online');
      return;
    case 'reload':
      await reload(device);
      w.step = await readStep(page());
      note(`reloads, opens at step ${w.step}`);
      return;
    case 'close':
      await closeAndReopen(device, url);
      w.step = await readStep(page());
      note(`closes the browser and opens it again at step ${w.step}`);
      return;
    case 'dropAck':
      device.dropNextAck = true;
      note('the answer to its next push will be lost');
      return;
    case 'refused': {
      const def = TEXT.find((t) => t.column === 'number_of_offices')!;
      const before = await local(def.column);
      const [bad, message] = run.rng.pick(REFUSED);
      await page().getByLabel(def.label).fill(bad);
      note(`types number_of_offices = '${bad}'`);
      try {
        await expect(page().getByText(message)).toBeVisible({ timeout: 2_500 });
      } catch {
        run.problems.push(
          `device ${device.name}: no message matching ${String(message)} for Number of Offices '${bad}'`,
        );
      }
      await page().waitForTimeout(300);
      const after = await local(def.column);
      if (!same(after, before)) {
        run.problems.push(
          `device ${device.name}: Number of Offices '${bad}' was saved on the device as ${JSON.stringify(after)} (was ${JSON.stringify(before)})`,
        );
      }
      return answer(def, valueFor(run, def), [before, await local(def.column)]);
    }
  }
}
