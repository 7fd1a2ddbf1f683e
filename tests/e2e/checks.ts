// The checks every page state passes (the fit-and-a11y-*.spec.ts files, and the extension's
// popup): nothing wider than the window or cut off at its edge, and no serious or critical axe-core
// violation.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Moderate in axe's terms, refused here too: every page has one h1 and headings do not skip a level. */
const ALSO_REFUSED = new Set(['page-has-heading-one', 'heading-order']);

export { layoutProblem } from './layout-problem';

/**
 * `skipContrast`: colour contrast, axe's slowest rule, follows the theme and not the width; a
 * state checked at a second width leaves it to the first.
 */
export async function axeProblems(page: Page, { skipContrast = false } = {}): Promise<string[]> {
  // axe.run in the page itself: the default runs each frame apart and then opens a blank page of
  // its own to join the results (a third of each check's time); the app draws no frame of
  // another origin, and frames of its own are checked either way.
  const axe = new AxeBuilder({ page }).setLegacyMode();
  const result = await (skipContrast ? axe.disableRules(['color-contrast']) : axe).analyze();
  return result.violations
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
