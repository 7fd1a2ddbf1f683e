// What the fit-and-a11y specs share: a page state is checked at every phone and tablet width
// (360–1024 px: no horizontal scroll, nothing cut off) and for serious or critical axe-core
// violations, one page load per state, the viewport resized through the widths in the same page.
import { expect, type Locator, type Page } from '@playwright/test';
import { axeProblems, layoutProblem } from './checks';
import { sql } from './fixtures';

// 390 first: axe runs there while a toast is still up.
const WIDTHS = [390, 360, 768, 820, 1024] as const;
const AXE_AT = new Set<number>([390, 1024]);

/** A name with no space to break at: lists and cards must wrap it, not widen the page. */
export const LONG_WORD = (n: number) => 'Wolverhampton'.repeat(Math.ceil(n / 13)).slice(0, n);

/** After a resize: the next two frames, and every finite animation or transition (a toast sliding
 *  in) that is running done; each wait at most 5 s (run 38 waited here for five minutes, on
 *  frames or an animation that did not end: unknown which), the layout is read either way. */
const settle = (page: Page) =>
  page.evaluate(async () => {
    const within5s = (work: Promise<unknown>) =>
      Promise.race([work, new Promise((resolve) => setTimeout(resolve, 5000))]);
    await within5s(new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const finite = document
      .getAnimations()
      .filter((a) => a.playState === 'running')
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)));
    await within5s(Promise.all(finite.map((a) => a.finished.catch(() => undefined))));
  });

/** Whether `element` is in a toast (Ark's toast root: data-scope="toast"). */
const inToast = (element: Locator) =>
  element.evaluate((el) => el.closest('[data-scope="toast"][data-part="root"]') !== null);

/**
 * Checks one page state at every width (fit) and at 390 and 1024 px (axe); what is wrong is
 * reported with the state, the width and the element, and the test goes on to the next state.
 * `still`, when given, must be visible after the checks: the state (a toast, a popover) was really
 * there while it was checked.
 */
export async function checkState(page: Page, state: string, still?: Locator) {
  const problems: string[] = [];
  // A pointer over a toast pauses its timer, so it stays for the check; each width lays the toast
  // out afresh, away from the pointer (its timer ran on, and an 8-s toast went during a slow check).
  // Only a toast: a pointer sent to a popover that a toast covers stops over the toast, holding it
  // there for ever, and the hover waits for it for ever.
  const toast = still && (await inToast(still)) ? still : undefined;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 700 ? 844 : 1180 });
    await settle(page);
    if (toast) await toast.hover({ timeout: 10_000 });
    const layout = await page.evaluate(layoutProblem);
    if (layout) problems.push(`${state} @ ${width}px: ${layout}`);
    if (!AXE_AT.has(width)) continue;
    for (const p of await axeProblems(page, { skipContrast: width !== WIDTHS[0] }))
      problems.push(`${state} @ ${width}px: ${p}`);
  }
  if (still) await expect(still, `${state}: still shown after the checks`).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  expect.soft(problems.length, `\n${problems.join('\n\n')}\n`).toBe(0);
}

export async function userId(email: string) {
  const [user] = await sql<{ id: string }>('select id from auth.users where email = $1', [email]);
  return user!.id;
}

/**
 * Inserts `make(length)` for the longest of `lengths` the database accepts: the longer the better
 * for the test, but the server bounds text columns (docs/product/validation.md#text-bounds), and
 * those bounds may change.
 */
export async function insertLongest(lengths: number[], insert: (length: number) => Promise<void>) {
  for (const length of lengths) {
    try {
      await insert(length);
      return length;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== '23514' && code !== '22001' && code !== '54000') throw error;
    }
  }
  throw new Error(`none of the lengths ${lengths.join(', ')} was accepted`);
}
