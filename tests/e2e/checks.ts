// The checks every page state passes (the fit-and-a11y-*.spec.ts files, and the extension's
// popup): nothing wider than the window or cut off at its edge, and no serious or critical axe-core
// violation.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** Moderate in axe's terms, refused here too: every page has one h1 and headings do not skip a level. */
const ALSO_REFUSED = new Set(['page-has-heading-one', 'heading-order']);

export { layoutProblem } from './layout-problem';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeWindow = Window & {
  axe?: { configure(spec: object): void; run(c: Document, o: RunOptions): Promise<AxeResults> };
};

/**
 * axe-core in `frame`'s document unless it is there already. @axe-core/playwright sent its 1.3-MB
 * source to each frame twice per check, and the page compiled it each time: 0.8 s of the browser's
 * CPU per check of a small page, against 0.15 s for the run itself; the checks of one document
 * share one copy. Same-origin frames only, as the legacy run has it.
 */
async function ensureAxe(frame: Frame) {
  if (await frame.evaluate(() => (window as AxeWindow).axe !== undefined)) return;
  await frame.evaluate(AXE_SOURCE);
  await frame.evaluate(() => (window as AxeWindow).axe!.configure({ allowedOrigins: ['<same_origin>'] }));
}

/**
 * `skipContrast`: colour contrast, axe's slowest rule, follows the theme and not the width; a
 * state checked at a second width leaves it to the first.
 */
export async function axeProblems(page: Page, { skipContrast = false } = {}): Promise<string[]> {
  // axe.run in the page itself (axe's legacy run): the default runs each frame apart and then opens
  // a blank page of its own to join the results; the app draws no frame of another origin, and
  // frames of its own are checked either way. A child frame axe cannot enter is left out, as
  // @axe-core/playwright leaves it.
  await ensureAxe(page.mainFrame());
  for (const frame of page.frames().filter((f) => f !== page.mainFrame()))
    await ensureAxe(frame).catch(() => undefined);
  const options: RunOptions = {
    // Only the violations are read: passes and the rest are not gathered node by node.
    resultTypes: ['violations'],
    rules: skipContrast ? { 'color-contrast': { enabled: false } } : {},
  };
  const violations = await page.evaluate(
    (options) =>
      (window as AxeWindow).axe!.run(document, options).then(({ violations }) =>
        violations.map(({ id, impact, help, nodes }) => ({
          id,
          impact,
          help,
          nodes: nodes.map(({ target, html, failureSummary }) => ({
            target: target.map(String),
            html,
            failureSummary,
          })),
        })),
      ),
    options,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALSO_REFUSED.has(v.id))
    .map(
      (v) =>
        `axe ${v.impact} ${v.id} (${v.help}): ${v.nodes
          .slice(0, 4)
          .map(
            (n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
          )
          .join(' | ')}`,
    );
}
