// The a11y check itself (checks.ts): what it must refuse, it reports, in the page and in a frame
// of the page's own origin, on the first check of a document and on the later ones.
import { expect } from '@playwright/test';
import { axeProblems } from './checks';
import { test } from './fixtures';

// Pages of the app's origin made up here, served by the test and not by the worker.
test.use({ serviceWorkers: 'block' });

const PAGE = `<!doctype html><html lang="en"><head><title>Checks</title></head><body><main>
  <h1>Checks</h1>
  <h3 id="skipped">A heading that skips a level</h3>
  <button id="nameless"></button>
  <p id="faint" style="color:#ccc;background:#fff">Faint text</p>
  <iframe src="/checks-frame" title="A frame of our own"></iframe>
</main></body></html>`;
const FRAME = `<!doctype html><html lang="en"><head><title>Frame</title></head><body>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="no-alt">
</body></html>`;

test('axe refuses what it must, in a frame of the page too, on every check of one document', async ({ page }) => {
  await page.route('**/checks-page', (route) => route.fulfill({ contentType: 'text/html', body: PAGE }));
  await page.route('**/checks-frame', (route) => route.fulfill({ contentType: 'text/html', body: FRAME }));
  await page.goto('/checks-page');
  await expect(page.frameLocator('iframe').locator('#no-alt')).toBeAttached();

  const ids = (problems: string[]) => problems.map((p) => p.split(' ')[2]).sort();
  const first = await axeProblems(page);
  expect(ids(first)).toEqual(['button-name', 'color-contrast', 'heading-order', 'image-alt']);
  expect(first.find((p) => p.includes('image-alt'))).toContain('#no-alt');

  // The second check of the document reuses its copy of axe, and sees the page as it is now.
  await page.locator('#nameless').evaluate((b) => (b.textContent = 'Named'));
  expect(ids(await axeProblems(page, { skipContrast: true }))).toEqual(['heading-order', 'image-alt']);
});
