// What a person finds on a page, by its words (a label, a button's name, a text), for both engines:
// the element is found in the page and marked, then driven by the engine's own input (real keys
// and clicks). Waits poll; nothing here is timed.
import type { EngineDevice } from './device';
import { base } from './base-url';

type Kind = 'label' | 'button' | 'text' | 'checkable';

/**
 * Runs in the page: finds the visible element of `kind` named `name` (inside the radiogroup or
 * region named `within`, if given), marks it and returns its selector, or null.
 * `label`: a field by its label; `checkable`: the label element to click for a checkbox or radio;
 * `button`: a button or link by its name; `text`: the innermost element containing the text.
 */
function markInPage(kind: Kind, name: string, within: string | null, mark: string): string | null {
  const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const visible = (el: Element) => el.getClientRects().length > 0;
  const named = (text: string) => text === name || (text.startsWith(name) && !/[\p{L}\p{N}]/u.test(text[name.length]!));
  const labelled = (el: Element) => {
    const by = el.getAttribute('aria-labelledby');
    if (by)
      return norm(
        by
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      );
    return norm(el.getAttribute('aria-label'));
  };
  let scope: ParentNode = document;
  if (within !== null) {
    const box = [...document.querySelectorAll('[role=radiogroup],[role=region],[role=group],fieldset,section')].find(
      (el) => labelled(el) === within || norm(el.querySelector('legend')?.textContent) === within,
    );
    if (!box) return null;
    scope = box;
  }
  let found: Element | undefined;
  if (kind === 'label' || kind === 'checkable') {
    for (const label of scope.querySelectorAll('label')) {
      if (!named(norm(label.textContent))) continue;
      const control = label.control ?? label.querySelector('input,textarea,select');
      if (!control) continue;
      found = kind === 'checkable' ? label : control;
      if (visible(found)) break;
    }
    if (!found && kind === 'label') {
      found = [...scope.querySelectorAll('input,textarea,select,[role=textbox]')].find(
        (el) => visible(el) && named(labelled(el)),
      );
    }
  } else if (kind === 'button') {
    found = [...scope.querySelectorAll('button,[role=button],a[href],[role=tab],[role=radio]')].find(
      (el) => visible(el) && (labelled(el) === name || (!labelled(el) && norm(el.textContent) === name)),
    );
  } else {
    const all = [...scope.querySelectorAll('body *')].filter(
      (el) => visible(el) && norm(el.textContent).includes(name),
    );
    found = all.find((el) => ![...el.children].some((child) => all.includes(child)));
  }
  if (!found) return null;
  found.setAttribute('data-engine-mark', mark);
  return `[data-engine-mark="${mark}"]`;
}

/**
 * Runs in the page: where a sync that never settles may stand. The origin's Web Locks, held and
 * waiting, each with its holder's client id: the tab that leads the replication holds RxDB's,
 * auth-js holds its own around every session read, and a lock of a client that is neither this
 * page ('probe-top') nor its frame ('probe-frame') is a document's gone or frozen. Then the last API
 * requests the page (or the frame `selector` names) completed.
 */
async function syncClues(selector: string | null): Promise<string> {
  const frame = selector ? document.querySelector<HTMLIFrameElement>(selector) : null;
  const timing = (frame ? frame.contentWindow : window)?.performance;
  let release = () => {};
  const probe = new Promise<void>((resolve) => (release = resolve));
  void navigator.locks.request('probe-top', () => probe);
  void frame?.contentWindow?.navigator.locks.request('probe-frame', () => probe);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const locks = await navigator.locks.query();
  release();
  const names = (list: LockInfo[] | undefined) =>
    (list ?? []).map((l) => `${l.name} (${l.clientId})`).join(', ') || 'none';
  const api = (timing?.getEntriesByType('resource') ?? [])
    .filter((e) => /\/(rest|auth|functions)\/v1\//.test(e.name))
    .slice(-5)
    .map((e) => `${new URL(e.name).pathname} at ${Math.round(e.startTime)} ms for ${Math.round(e.duration)} ms`);
  return `web locks held: ${names(locks.held)}; waiting: ${names(locks.pending)}; last API requests done: ${
    api.join(', ') || 'none'
  } (page time ${Math.round(timing?.now() ?? 0)} ms)`;
}

export class EnginePage {
  private marks = 0;
  constructor(readonly device: EngineDevice) {}

  /**
   * Polls `check` until it holds; says what it waited for when it does not, and what the page (or
   * the frame `frameSelector` names) shows.
   */
  async until(check: () => Promise<boolean>, what: string, ms = 20_000, frameSelector?: string) {
    const end = Date.now() + ms;
    while (!(await check().catch(() => false))) {
      if (Date.now() > end) {
        const shown = await this.device
          .evaluate((selector: string | null) => {
            const frame = selector ? document.querySelector<HTMLIFrameElement>(selector) : null;
            const doc = frame ? frame.contentDocument : document;
            if (!doc) return `(the frame has no document: ${frame?.src ?? 'no frame'})`;
            const live = doc.querySelector<HTMLElement>('[data-live-sync]')?.dataset['liveSync'];
            const text = (doc.body?.innerText ?? '').replace(/\s+/g, ' ').slice(0, 1000);
            return `${frame ? 'the frame at ' : ''}${doc.location.pathname}${live ? ` (live channel: ${live})` : ''}: ${text}`;
          }, frameSelector ?? null)
          .catch((e: unknown) => `(the page did not answer: ${String(e)})`);
        const clues = await this.device.evaluate(syncClues, frameSelector ?? null).catch((e: unknown) => String(e));
        throw new Error(`${this.device.engine}: timed out waiting for ${what}; the page shows ${shown}; ${clues}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /**
   * Opens `path` of the app, and returns once the app has taken over the page: a prerendered page's
   * controls do nothing until then (ADR 012), as in the e2e's fixtures.
   */
  async goto(path: string) {
    await this.device.goto(`${base()}${path}`);
    await this.ready();
  }

  async reload() {
    await this.device.reload();
    await this.ready();
  }

  private ready() {
    return this.until(
      () =>
        this.device.evaluate(() => {
          const root = document.getElementById('root');
          return (
            !root ||
            root.dataset['prerendered'] === undefined ||
            document.documentElement.dataset['hydrated'] !== undefined
          );
        }),
      'the app to take over the page',
    );
  }

  async find(kind: Kind, name: string, within: string | null = null, ms = 20_000) {
    const found = { selector: '' };
    await this.until(
      async () => {
        found.selector = (await this.device.evaluate(markInPage, kind, name, within, String(++this.marks))) ?? '';
        return found.selector !== '';
      },
      `${kind} '${name}'${within ? ` in '${within}'` : ''}`,
      ms,
    );
    return found.selector;
  }

  /** Waits for an element the page renders (a canvas, a frame) by its selector. */
  async present(selector: string) {
    await this.until(
      () => this.device.evaluate((sel: string) => document.querySelector(sel) !== null, selector),
      `'${selector}'`,
    );
    return selector;
  }

  async fill(label: string, text: string, within: string | null = null) {
    const field = await this.find('label', label, within);
    await this.device.clear(field);
    await this.device.type(field, text);
  }

  /** Clicks the button once it is enabled, as Playwright's click waits (a person sees it greyed). */
  async press(button: string, within: string | null = null) {
    const sel = await this.find('button', button, within);
    await this.until(
      () =>
        this.device.evaluate((s: string) => {
          const el = document.querySelector(s);
          return !!el && !el.matches(':disabled') && el.getAttribute('aria-disabled') !== 'true';
        }, sel),
      `button '${button}' to be enabled`,
    );
    await this.device.click(sel);
  }

  async check(label: string, within: string | null = null) {
    await this.device.click(await this.find('checkable', label, within));
  }

  /** Clicks the label of every checkbox on the page, one after another. */
  async checkAll() {
    const labels = await this.device.evaluate(
      (first: number) => {
        const found = [...document.querySelectorAll<HTMLInputElement>('input[type=checkbox]')]
          .map((box) => box.closest('label') ?? box.labels?.[0])
          .filter((label): label is HTMLLabelElement => !!label && label.getClientRects().length > 0);
        return found.map((label, i) => {
          label.setAttribute('data-engine-mark', `all-${first + i}`);
          return `[data-engine-mark="all-${first + i}"]`;
        });
      },
      (this.marks += 100),
    );
    for (const label of labels) await this.device.click(label);
    return labels.length;
  }

  async see(text: string, ms = 20_000) {
    await this.find('text', text, null, ms);
  }

  /** The page shows no `text` (now, after the app's own waits have run). */
  async gone(text: string, ms = 20_000) {
    await this.until(
      () => this.device.evaluate((t: string) => !document.body.innerText.includes(t), text),
      `'${text}' to go`,
      ms,
    );
  }

  value(label: string) {
    return this.find('label', label).then((sel) =>
      this.device.evaluate((s: string) => {
        const el = document.querySelector<HTMLInputElement>(s)!;
        return el.type === 'checkbox' || el.type === 'radio' ? String(el.checked) : el.value;
      }, sel),
    );
  }

  async enabled(button: string) {
    const sel = await this.find('button', button);
    return this.device.evaluate((s: string) => !document.querySelector<HTMLButtonElement>(s)!.disabled, sel);
  }

  path() {
    return this.device.evaluate(() => location.pathname);
  }

  /** The service worker is installed and controls the page (a reload if it claimed too late). */
  async controlled() {
    await this.device.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const controls = () => this.device.evaluate(() => navigator.serviceWorker.controller !== null);
    try {
      await this.until(controls, 'the service worker to control the page', 5_000);
    } catch {
      await this.reload();
      await this.until(controls, 'the service worker to control the page');
    }
  }
}
