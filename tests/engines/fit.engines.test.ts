// The fit checks of the spine's pages in the engines beside Chromium, at 390 and 820 px, with
// unbroken 200-character words where a page shows a name, a title or an address: nothing wider than
// the window, nothing cut off at its edge (tests/e2e/layout-problem.ts, as the Chromium checks).
// WebKitGTK's window cannot be narrower than 447 px: there the page is laid out in a frame of the
// width instead (the proxy drops the app's refusal to be framed for that browser only), which is
// what media queries and wrapping answer to.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { layoutProblem } from '../e2e/layout-problem';
import type { EngineDevice } from './device';
import { ENGINES, openPage, stopAll } from './engines';
import type { EnginePage } from './page';
import { newAssessment, newEmail, signUp, sql } from './stack';

const WORD = 'Wolfeschlegelsteinhausenbergerdorff'.repeat(6).slice(0, 200);

/** Opens `path` at `width` (in a frame where the window cannot be that narrow) and measures it. */
async function problemAt(page: EnginePage, width: number, path: string, text: string) {
  const height = width < 700 ? 844 : 1180;
  if (await page.device.setViewport(width, height)) {
    await page.goto(path);
    await page.see(text, 30_000);
    await page.device.install('__layoutProblem', layoutProblem);
    return page.device.evaluate(() =>
      (window as unknown as { __layoutProblem: () => string | null }).__layoutProblem(),
    );
  }
  await page.goto('/');
  await page.device.install('__layoutProblem', layoutProblem);
  await page.device.evaluate(
    (src: string, w: number, h: number) => {
      const frame = document.createElement('iframe');
      frame.id = 'engine-frame';
      frame.style.cssText = `width:${w}px;height:${h}px;border:0;display:block`;
      frame.src = src;
      document.body.replaceChildren(frame);
    },
    path,
    width,
    height,
  );
  await page.until(
    () =>
      page.device.evaluate(
        (t: string) =>
          document.querySelector<HTMLIFrameElement>('#engine-frame')?.contentDocument?.body?.innerText.includes(t) ===
          true,
        text,
      ),
    `'${text}' in the ${width}-px frame`,
    30_000,
    '#engine-frame',
  );
  return page.device.evaluate(() =>
    (window as unknown as { __layoutProblem: (f: HTMLIFrameElement) => string | null }).__layoutProblem(
      document.querySelector<HTMLIFrameElement>('#engine-frame')!,
    ),
  );
}

describe.each(ENGINES)('%s', (_name, prefix, launch) => {
  const opened: EngineDevice[] = [];
  afterEach(() => stopAll(opened));

  it('the spine’s pages fit 390 and 820 px, with 200-character words', async () => {
    const page = await openPage(launch, opened, { allowFraming: true });
    const email = newEmail(prefix);
    await signUp(page, email);
    await sql(
      `insert into saved_properties (id, user_id, title, address, price, agent_name, agency_name)
       select $1, id, $3, $4, 525000, $4, $4 from auth.users where email = $2`,
      [randomUUID(), email, `${WORD} title`, WORD],
    );
    const token = await newAssessment(prefix, WORD);
    const pages: [path: string, text: string][] = [
      ['/', 'Chloe'],
      ['/saved-properties', `${WORD.slice(0, 40)}`],
      [`/agent-assessment/${token}`, 'Step 1 of 7: Business Details'],
      ['/shareholder/subscribe', 'Step 1 of 5: Personal Details'],
      ['/dashboard', 'Dashboard'],
    ];
    const problems: string[] = [];
    for (const width of [390, 820]) {
      for (const [path, text] of pages) {
        const found = await problemAt(page, width, path, text);
        if (found) problems.push(`${path} at ${width} px: ${found}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await page.device.errors()).toEqual([]);
  }, 240_000);
});
