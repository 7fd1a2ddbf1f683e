// The share subscription wizard on two devices of one user. A draft made beforehand (as if on a
// third device) is where both start; every value is saved on the device as it is typed, as in the
// assessment (both wizards use one synced form), and Next waits for the last one. Each action and
// its checks are in subscription-actions.ts.
import { subscriptionIdOf } from '../../draft-id';
import { expect, type Browser, type Page } from '@playwright/test';
import { controlledByServiceWorker, signIn, signUp, sql } from '../fixtures';
import { newDevice, readCollection, type Wizard } from './device';
import { FIELDS, weights, type Action } from './subscription-fields';
import { signElsewhere } from './sign-elsewhere';
import { act, readStep, WIZARD_URL } from './subscription-actions';
import { DEFAULT_SHARES, insertDraft, startWithoutDraft, type Start } from './subscription-start';
import { Model, type Scalar } from './model';
import type { Rng } from './prng';
import { finish, newRun, nextActor, withTrace, type Outcome } from './sequence';

const SIGN_CHANCE = 0.4; // of a sequence ending with a signing on one device (sign-elsewhere.ts)

/** The draft's values before the sequence: those of a draft made beforehand, else the empty wizard's. */
function initialValues(start: Start, seed: number, rng: Rng): Record<string, Scalar> {
  return start === 'draft'
    ? {
        subscriber_name: `Initial Name ${seed}`,
        subscriber_email: `initial.${seed}@example.test`,
        subscriber_address: `${seed} Initial Street, Leeds`,
        subscriber_phone: '0113 496 0000',
        number_of_shares: 5000 + 1000 * rng.int(0, 20),
      }
    : {
        subscriber_name: null,
        subscriber_email: null,
        subscriber_address: null,
        subscriber_phone: null,
        number_of_shares: DEFAULT_SHARES,
      };
}

export async function runSubscription(browser: Browser, seed: number, rng: Rng, steps: number): Promise<Outcome> {
  // The account's draft, under the id its devices derive (ADR 030): known once the account is.
  let draftId = '';
  const chosen = rng.weighted<Start>({ draft: 2, secondFirst: 1, bothOffline: 1 });
  // SOAK_START=draft: every sequence from a draft made beforehand (to compare with a build whose
  // drafts have no derived id).
  const start = process.env.SOAK_START === 'draft' ? 'draft' : chosen;
  const initial = initialValues(start, seed, rng);
  const run = newRun(seed, rng, new Model(initial));
  run.values.reserve(initial.number_of_shares as number);
  const wizards: Wizard[] = [];
  const readDraft = async (page: Page) =>
    (await readCollection(page, 'share_subscriptions')).find((d) => d.id === draftId);
  const serverDraft = async () => (await sql('select * from share_subscriptions where id = $1', [draftId]))[0] ?? {};
  try {
    // Device A signs up; the draft is made beforehand, or by the devices themselves (`start`).
    const contextA = await browser.newContext();
    const pageA = await contextA.newPage();
    run.devices.push(await newDevice('A', contextA, pageA, (l) => run.trace.push(l)));
    const email = await signUp(pageA);
    const [user] = await sql<{ id: string }>('select id from auth.users where email = $1', [email]);
    draftId = subscriptionIdOf(user!.id);
    if (start === 'draft') await insertDraft(draftId, user!.id, initial);
    const b = await signIn(browser, email);
    run.devices.push(await newDevice('B', b.context, b.page, (l) => run.trace.push(l)));
    // B first: with no draft yet, it opens an empty wizard.
    for (const device of [...run.devices].reverse()) {
      await device.page.goto(WIZARD_URL);
      await readStep(device.page);
      await controlledByServiceWorker(device.page);
    }
    if (start !== 'draft') await startWithoutDraft(run, start);
    for (const device of run.devices) wizards.push({ device, step: await readStep(device.page) });

    let w: Wizard | undefined;
    for (let i = 0; i < steps; i++) {
      w = nextActor(run, wizards, w);
      run.model.at = i;
      const action = rng.weighted<Action>(weights(w.step));
      await act(run, w, action, readDraft, serverDraft, i);
    }

    const signed = rng.chance(SIGN_CHANCE);
    if (signed) {
      const signer = rng.pick(wizards);
      const other = wizards.find((x) => x !== signer)!;
      let i = steps;
      await signElsewhere(run, signer.device, other.device, {
        url: WIZARD_URL,
        readStep,
        otherOffline: rng.chance(0.5),
        // A change typed on the other device, on a step with fields.
        typeOnOther: async () => {
          while (!FIELDS.some((f) => f.step === other.step)) await act(run, other, 'back', readDraft, serverDraft, i++);
          run.model.at = i;
          await act(run, other, 'type', readDraft, serverDraft, i++);
        },
      });
    }

    const outcome = await finish(run, {
      // Signed: the wizard is gone; a page with the sync status is where each device is checked.
      ready: signed
        ? async (page) => void (await expect(page.locator('[data-sync-kind]').first()).toBeVisible({ timeout: 20_000 }))
        : async (page) => void (await readStep(page)),
      table: 'share_subscriptions',
      docId: async () => draftId,
      serverRow: async () => {
        const rows = await sql(
          `select id, status, subscriber_name, subscriber_email, subscriber_address, subscriber_phone, number_of_shares
             from share_subscriptions where user_id = (select user_id from share_subscriptions where id = $1)`,
          [draftId],
        );
        if (rows.length !== 1) run.problems.push(`the user has ${rows.length} subscriptions in Postgres, not 1`);
        run.counts.secondDrafts += Math.max(0, rows.filter((r) => r.status === 'draft').length - 1);
        return rows.find((r) => r.id === draftId) ?? {};
      },
    });
    return outcome;
  } catch (error) {
    throw withTrace(error, run);
  } finally {
    for (const device of run.devices) await device.context.close().catch(() => undefined);
  }
}
