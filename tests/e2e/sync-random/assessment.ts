// The agent assessment on two devices of one agency (one link, no account): every answer is
// saved on the device as it is typed or ticked. The questions and the odds of each action are in
// assessment-fields.ts, each action and its checks in assessment-actions.ts.
import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { controlledByServiceWorker, sql } from '../fixtures';
import { act, readStep } from './assessment-actions';
import { MULTI, TEXT, weights, type Action } from './assessment-fields';
import { newDevice, readCollection, type Wizard } from './device';
import { Model, type Scalar } from './model';
import type { Rng } from './prng';
import { finish, newRun, nextActor, stored, withTrace, type Outcome } from './sequence';

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
