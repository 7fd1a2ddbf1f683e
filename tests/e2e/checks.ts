// The checks every page state passes (the fit-and-a11y-*.spec.ts files, and the extension's
// popup): nothing wider than the window or cut off at its edge, and no serious or critical axe-core
// violation.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Moderate in axe's terms, refused here too: every page has one h1 and headings do not skip a level. */
const ALSO_REFUSED = new Set(['page-has-heading-one', 'heading-order']);

/** What makes this page wider than the window, or cuts a control off at its edge; null when it fits. */
export function layoutProblem(): string | null {
  const vw = window.innerWidth;
  const describe = (el: Element) => {
    const r = el.getBoundingClientRect();
    const cls = typeof el.className === 'string' ? el.className.split(/\s+/).slice(0, 4).join('.') : '';
    const label = el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? el.textContent ?? '';
    return `<${el.tagName.toLowerCase()}${cls ? ` class="${cls}"` : ''}> "${label.trim().slice(0, 40)}" [${Math.round(r.left)}–${Math.round(r.right)} px]`;
  };
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const problems: string[] = [];
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth > vw) {
    // The deepest elements reaching past the right edge: those whose children all fit.
    const wide = [...document.body.querySelectorAll('*')].filter(
      (el) => visible(el) && el.getBoundingClientRect().right > vw + 0.5,
    );
    const deepest = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)));
    problems.push(`scrollWidth ${scrollWidth} > innerWidth ${vw}: ${deepest.slice(0, 4).map(describe).join('; ')}`);
  }
  // A control the page clips (overflow hidden) or scrolls sideways inside a strip is cut off too.
  const controls = [
    ...document.querySelectorAll('a, button, input, select, textarea, [role="button"], [data-part="control"]'),
  ];
  const cut = controls.filter((el) => {
    if (!visible(el)) return false;
    if (el instanceof HTMLInputElement && (el.type === 'hidden' || getComputedStyle(el).opacity === '0')) return false;
    const r = el.getBoundingClientRect();
    return r.left < -0.5 || r.right > vw + 0.5;
  });
  if (cut.length) problems.push(`cut off at the edge: ${cut.slice(0, 4).map(describe).join('; ')}`);
  // A strip that scrolls sideways hides part of itself (a step list that does not wrap).
  const sideways = [...document.body.querySelectorAll('*')].filter((el) => {
    if (!visible(el) || el.scrollWidth <= el.clientWidth + 1) return false;
    const overflowX = getComputedStyle(el).overflowX;
    return overflowX === 'auto' || overflowX === 'scroll';
  });
  if (sideways.length) problems.push(`scrolls sideways: ${sideways.slice(0, 4).map(describe).join('; ')}`);
  return problems.length ? problems.join(' / ') : null;
}

export async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
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
