// The investor keeps a copy of what they signed: a PDF made on the device, offline too, that
// holds the facts and the signature fingerprint Postgres stored.
import { readFile } from 'node:fs/promises';
import { expect, type Download, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { controlledByServiceWorker, signUp, sql, test } from './fixtures';
import { completeSubscription } from './subscription-steps';

async function pdfText(download: Download) {
  const pdf = await getDocument({ data: new Uint8Array(await readFile(await download.path())) }).promise;
  const pages: { view: number[]; text: string }[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const items = (await page.getTextContent()).items;
    pages.push({ view: page.view, text: items.map((item) => ('str' in item ? item.str : '')).join('') });
  }
  return pages;
}

/**
 * What the page's sync asked and heard (pulls, pushes, the live channel's "pull" messages), to say
 * why when the device's row lacks what Postgres holds: CI twice waited 20 s for the fingerprint.
 */
function syncTrace(page: Page) {
  const lines: string[] = [];
  const started = Date.now();
  const note = (line: string) => lines.push(`${((Date.now() - started) / 1000).toFixed(1)}s ${line}`);
  page.on('response', (response) => {
    const call = /rpc\/(sync_pull|sync_push)$/.exec(new URL(response.url()).pathname)?.[1];
    if (!call) return;
    const asked = (response.request().postData() ?? '').match(/"p_table":"(\w+)"/)?.[1] ?? '?';
    void response.text().then(
      (body) => {
        const held = /"held":true/.test(body) ? ' held' : '';
        // Rows travel as JSON in JSON: the quotes may be escaped.
        const hashes = body.match(/signature_hash\\?":\\?"[0-9a-f]{64}/g)?.length ?? 0;
        note(`${call} ${asked} ${response.status()}${held}, ${body.length} B, ${hashes} hash(es)`);
      },
      () => note(`${call} ${asked} ${response.status()} (no body)`),
    );
  });
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const table = /"event":"pull".*?"table":"(\w+)"/.exec(String(payload))?.[1];
      if (table) note(`live: pull ${table}`);
    }),
  );
  return { lines };
}

async function download(page: Page, from: ReturnType<Page['getByRole']>) {
  const [file] = await Promise.all([page.waitForEvent('download'), from.click()]);
  return file;
}

test('the signed agreement downloads as a PDF, offline too, with the hash Postgres holds', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const trace = syncTrace(page);
  const email = await signUp(page);
  await page.goto('/shareholder/subscribe');
  await controlledByServiceWorker(page);
  await completeSubscription(page);

  const signedRow = async () =>
    (
      await sql<{ signature_hash: string | null; payment_reference: string; subscriber_name: string }>(
        `select s.signature_hash, s.payment_reference, s.subscriber_name from share_subscriptions s
           join auth.users u on u.id = s.user_id where u.email = $1 and s.status = 'signed'`,
        [email],
      )
    )[0];
  await expect
    .poll(async () => (await signedRow())?.signature_hash ?? null, { timeout: 20_000 })
    .toMatch(/^[0-9a-f]{64}$/);
  const row = (await signedRow())!;

  // The PDF maker is not in every install's precache: the dashboard fetched it and its fonts into
  // the worker's cache while online (one script and nine fonts).
  const cached = () =>
    page.evaluate(async () =>
      (await (await caches.open('chloe-agreement-copy')).keys()).map((r) => new URL(r.url).pathname.split('/').pop()!),
    );
  const names = [
    'agreement-pdf-',
    'caveat-latin-400-normal-',
    'noto-sans-latin-400-normal-',
    'noto-sans-latin-700-normal-',
  ];
  await expect
    .poll(
      async () => {
        const files = await cached();
        return names.filter((name) => !files.some((file) => file.startsWith(name)));
      },
      { timeout: 20_000 },
    )
    .toEqual([]);

  // The device has the server's facts once the row comes back; then the network goes.
  await page.getByRole('button', { name: 'Documents & Actions' }).click();
  await page.getByRole('button', { name: 'View Agreement' }).click();
  const dialog = page.getByRole('dialog');
  try {
    await expect(dialog.getByTestId('signature-hash')).toHaveText(row.signature_hash!, { timeout: 20_000 });
  } catch (error) {
    const live = await page
      .evaluate(() => document.querySelector('[data-live-sync]')?.getAttribute('data-live-sync') ?? null)
      .catch(() => null);
    const said = `the device's sync (live channel: ${live ?? 'not shown'}):\n${trace.lines.slice(-40).join('\n')}`;
    throw new Error(`${(error as Error).message}\n${said}`, { cause: error });
  }
  await context.setOffline(true);
  // A new page offline: the maker comes from the worker's cache, not from this page's memory.
  await page.reload();
  await page.getByRole('button', { name: 'Documents & Actions' }).click();
  await page.getByRole('button', { name: 'View Agreement' }).click();
  await expect(dialog.getByTestId('signature-hash')).toHaveText(row.signature_hash!);

  const file = await download(page, dialog.getByRole('button', { name: 'Download agreement (PDF)' }));
  expect(file.suggestedFilename()).toBe(`Chloe share agreement ${row.payment_reference}.pdf`);
  const pages = await pdfText(file);
  const text = pages.map((p) => p.text).join('');
  expect(text).toContain(row.subscriber_name);
  expect(text).toContain('Ada Lovelace');
  expect(text).toContain(row.payment_reference);
  expect(text).toContain(row.signature_hash!);
  expect(text).toContain('8,000 Class A ordinary shares');
  for (const p of pages) expect(p.view).toEqual([0, 0, 595.28, 841.89]);

  // The same from the dashboard's own section, with the dialog closed.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  const again = await download(page, page.getByRole('button', { name: 'Download agreement (PDF)' }));
  expect((await pdfText(again)).map((p) => p.text).join('')).toContain(row.signature_hash!);
  await expect(page.getByText('Download Failed')).toHaveCount(0);
  await context.setOffline(false);
});
