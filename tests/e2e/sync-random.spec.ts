// The proof of docs/decisions/013-sync-never-loses-an-edit.md#proof: seeded random sequences over
// both wizards on two devices — offline and online, reloads, closed browsers, refused values and
// dropped acknowledgements — in Chromium against the real stack. At the end every field's last
// value is in Postgres or in a conflict log with a both-sides edit to explain it, and no outbox
// entry is left. Two writers' moves (docs/decisions/030-two-writers-one-truth.md): a second device
// open before any draft, both devices starting one offline, two tabs and two devices typing one
// field key by key in bursts; counted: spliced values, second open drafts, values kept more than
// once per burst.
//
//   npx playwright test tests/e2e/sync-random.spec.ts      a few sequences (as in npm test)
//   npm run soak                                            200 sequences, with the figures
//   SOAK_SEED=1102 npx playwright test tests/e2e/sync-random.spec.ts    replays one sequence
//
// SOAK_SEQUENCES (default 2: one of each wizard, as in npm test) sequences from seed SOAK_BASE
// (default 1100) on; an even seed runs the subscription wizard, an odd one the assessment.
// SOAK_STEPS (default 16) actions each.
// SOAK_START=draft starts every subscription sequence from a draft made beforehand.
// SOAK_DEBUG=1 adds every sync_push (what it changed against what it assumed) and its answer to
// the report. A replay repeats the same actions; the timing (and so the outcome) may differ.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { runAssessment } from './sync-random/assessment';
import { Rng } from './sync-random/prng';
import type { Outcome } from './sync-random/sequence';
import { runSubscription } from './sync-random/subscription';

const int = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, not '${raw}'`);
  return n;
};

const DEFAULT_STEPS = 16;
const STEPS = int('SOAK_STEPS', DEFAULT_STEPS);
const seeds = process.env.SOAK_SEED
  ? [int('SOAK_SEED', 0)]
  : Array.from({ length: int('SOAK_SEQUENCES', 2) }, (_, i) => int('SOAK_BASE', 1100) + i);

interface Figures {
  seed: number;
  checked: number;
  lost: number;
  logged: number;
  outboxLeft: number;
  problems: number;
  spliced: number;
  secondDrafts: number;
  extraEntries: number;
}

// Each sequence writes its figures here; whichever worker runs last prints the total (Playwright
// starts a new worker after a failed test, so memory does not outlive a failure).
const figuresDir = () => path.join(test.info().project.outputDir, 'sync-random-figures');

// A loss seen once is a loss: no retry may hide it (a failed sequence does not stop the others).
test.describe.configure({ retries: 0 });

for (const seed of seeds) {
  const wizard = seed % 2 === 0 ? 'subscription' : 'assessment';
  test(`${wizard} sequence, seed ${seed}`, async ({ browser }, testInfo) => {
    test.setTimeout(480_000);
    const rng = new Rng(seed);
    const write = async (figures: Figures) => {
      await mkdir(figuresDir(), { recursive: true });
      await writeFile(path.join(figuresDir(), `${seed}.json`), JSON.stringify(figures));
    };
    let outcome: Outcome;
    try {
      outcome = await (wizard === 'subscription' ? runSubscription : runAssessment)(browser, seed, rng, STEPS);
    } catch (error) {
      // Counted too: a sequence that broke off is a failing seed.
      await write({
        seed,
        checked: 0,
        lost: 0,
        logged: 0,
        outboxLeft: 0,
        problems: 1,
        spliced: 0,
        secondDrafts: 0,
        extraEntries: 0,
      });
      throw error;
    }
    const { verdict } = outcome;
    await write({
      seed,
      checked: verdict.checked,
      lost: verdict.lost,
      logged: verdict.logged,
      outboxLeft: outcome.outboxLeft,
      problems: outcome.problems.length,
      ...outcome.counts,
    });

    const report = [
      `seed ${seed} (${wizard}, ${STEPS} actions; replay: ${STEPS === DEFAULT_STEPS ? '' : `SOAK_STEPS=${STEPS} `}` +
        `SOAK_SEED=${seed} npx playwright test tests/e2e/sync-random.spec.ts)`,
      `${verdict.checked} fields checked, ${verdict.lost} lost, ${verdict.logged} logged, ${outcome.outboxLeft} outbox entries left, ${outcome.acknowledgementsDropped} acknowledgements dropped`,
      `${outcome.counts.spliced} spliced, ${outcome.counts.secondDrafts} second open drafts, ${outcome.counts.extraEntries} values kept more than once a burst`,
      ...verdict.problems.map((p) => `LOST ${p}`),
      ...outcome.problems.map((p) => `PROBLEM ${p}`),
      '--- what happened',
      ...outcome.trace,
      '--- at the end',
      ...verdict.details,
    ].join('\n');
    await testInfo.attach('sequence', { body: report, contentType: 'text/plain' });
    expect(verdict.problems.length + outcome.problems.length, report).toBe(0);
  });
}

test.afterAll(async () => {
  const files = (await readdir(figuresDir()).catch(() => [] as string[])).filter((f) =>
    seeds.includes(Number(f.replace(/\.json$/, ''))),
  );
  // Printed once, by the worker that ran the last sequence (a failure restarts the worker).
  if (files.length < seeds.length) return;
  const all = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(figuresDir(), f), 'utf8')) as Figures),
  );
  const sum = (key: keyof Figures) => all.reduce((n, f) => n + f[key], 0);
  const failed = all.filter((f) => f.lost + f.problems + f.spliced + f.secondDrafts > 0).map((f) => f.seed);
  // eslint-disable-next-line no-console -- the soak's figures are its output
  console.log(
    `sync soak: ${all.length} sequences, ${sum('checked')} fields checked, ${sum('lost')} lost, ${sum('logged')} logged` +
      ` (${sum('outboxLeft')} outbox entries left, ${sum('problems')} other problems;` +
      ` ${sum('spliced')} spliced, ${sum('secondDrafts')} second open drafts, ${sum('extraEntries')} values kept more than once a burst` +
      (failed.length ? `; failing seeds: ${failed.join(' ')}` : '') +
      ')',
  );
});
