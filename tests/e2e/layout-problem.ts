// Runs in a page (Playwright's evaluate, or the engines' devices): what makes the page wider than
// its window, or cuts a control off at its edge. It measures the page's own window, or a frame's
// when an engine's window cannot be that narrow (tests/engines/fit.engines.test.ts).
/** What makes this page wider than the window, or cuts a control off at its edge; null when it fits. */
export function layoutProblem(frame: HTMLIFrameElement | void): string | null {
  const win = ((frame ? frame.contentWindow : null) ?? window) as Window & typeof globalThis;
  const document = win.document;
  const getComputedStyle = (el: Element) => win.getComputedStyle(el);
  const vw = win.innerWidth;
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
    if (el instanceof win.HTMLInputElement && (el.type === 'hidden' || getComputedStyle(el).opacity === '0'))
      return false;
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
