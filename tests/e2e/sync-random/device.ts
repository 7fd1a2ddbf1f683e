// One device of a sequence: a browser context with one page at a time, which can go offline,
// reload, be closed and reopened, and lose the answer to its next push.
import { expect, type BrowserContext, type Page, type WebSocketRoute } from '@playwright/test';

/** A wizard open on a device, at the step it shows. */
export interface Wizard {
  device: Device;
  step: number;
}

/** The step the wizard on `page` shows ('Step n of `steps`: …'). */
export async function readWizardStep(page: Page, steps: number): Promise<number> {
  const stepText = page.getByText(new RegExp(`^Step \\d of ${steps}: `)).first();
  await expect(stepText).toBeVisible({ timeout: 20_000 });
  return Number(/Step (\d)/.exec(await stepText.innerText())?.[1]);
}

export interface Device {
  name: string;
  context: BrowserContext;
  page: Page;
  offline: boolean;
  /** The next sync_push is committed by the server and its answer dropped (armed until a push). */
  dropNextAck: boolean;
  dropped: number;
  /** The live channel's sockets (ADR 021), passed through until dropped. */
  live: Set<WebSocketRoute>;
}

/** Beforeunload ("you have unsaved input") and any other dialog: leave, as a person closing the tab. */
const acceptDialogs = (page: Page) => page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));

export async function newDevice(
  name: string,
  context: BrowserContext,
  page: Page,
  trace?: (line: string) => void,
): Promise<Device> {
  const device: Device = { name, context, page, offline: false, dropNextAck: false, dropped: 0, live: new Set() };
  await context.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
    ws.connectToServer();
    device.live.add(ws);
    ws.onClose(() => device.live.delete(ws));
  });
  acceptDialogs(page);
  if (trace && process.env.SOAK_DEBUG) traceSync(context, (line) => trace(`  ${name} ${line}`));
  await context.route('**/rest/v1/rpc/sync_push', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    if (device.offline) return route.abort('internetdisconnected');
    if (!device.dropNextAck) return route.fallback();
    device.dropNextAck = false;
    try {
      // The server commits the push; the device never hears the answer.
      await route.fetch();
      device.dropped++;
      if (trace && process.env.SOAK_DEBUG) trace(`  ${name} the server committed this push; its answer is dropped`);
    } catch {
      // The server was not reached: an ordinary network failure then.
    }
    await route.abort('connectionreset');
  });
  return device;
}

type Json = Record<string, unknown>;
const SKIP = new Set(['_modified', 'updated_at', 'created_at', '_deleted', '_writer']);

/** What changed between two rows, as 'field: before → after' (the push's assumed and new state). */
function changes(assumed: Json | null, next: Json): string {
  const keys = Object.keys(next).filter(
    (k) => !SKIP.has(k) && JSON.stringify(next[k]) !== JSON.stringify(assumed?.[k]),
  );
  return keys.map((k) => `${k}: ${JSON.stringify(assumed?.[k] ?? null)} → ${JSON.stringify(next[k])}`).join(', ');
}

/** SOAK_DEBUG=1: every sync_push (what it changed against what it assumed) and its answer in the trace. */
function traceSync(context: BrowserContext, trace: (line: string) => void) {
  context.on('requestfinished', (request) => {
    if (!request.url().endsWith('/rpc/sync_push') || request.method() !== 'POST') return;
    void (async () => {
      const body = request.postDataJSON() as { p_table: string; p_rows: { new: Json; assumed: Json | null }[] };
      const answer = (await (await request.response())?.json().catch(() => null)) as {
        conflicts?: Json[];
        errors?: Json[];
      } | null;
      for (const row of body.p_rows) trace(`push ${body.p_table} ${changes(row.assumed, row.new) || '(no change)'}`);
      trace(
        `  → ${answer?.conflicts?.length ?? '?'} conflicts, errors ${JSON.stringify(answer?.errors?.map((e) => e.message) ?? [])}`,
      );
    })();
  });
  context.on('requestfailed', (request) => {
    if (request.url().endsWith('/rpc/sync_push') && request.method() === 'POST') {
      trace(`push failed: ${request.failure()?.errorText ?? ''}`);
    }
  });
}

export async function setOffline(device: Device, offline: boolean) {
  device.offline = offline;
  await device.context.setOffline(offline);
}

export async function reload(device: Device) {
  await device.page.reload();
}

/** The browser closed without warning (no beforeunload) and opened again at `url`. */
export async function closeAndReopen(device: Device, url: string) {
  await device.page.close();
  device.page = await device.context.newPage();
  acceptDialogs(device.page);
  await device.page.goto(url);
}

/** The documents of one RxDB collection as stored in this device's IndexedDB (Dexie storage). */
export function readCollection(page: Page, collection: string): Promise<Record<string, unknown>[]> {
  return page.evaluate(async (suffix) => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
      });
    // RxDB's Dexie storage keeps one IndexedDB database per collection:
    // rxdb-dexie-<database>--<schema version>--<collection>, documents in the 'docs' store.
    const names = (await indexedDB.databases())
      .map((d) => d.name ?? '')
      .filter((n) => n.startsWith('rxdb-dexie-chloe-') && n.endsWith(suffix));
    const docs: Record<string, unknown>[] = [];
    for (const name of names) {
      const db = await request(indexedDB.open(name));
      try {
        if (!db.objectStoreNames.contains('docs')) continue;
        const all = (await request(db.transaction('docs', 'readonly').objectStore('docs').getAll())) as Record<
          string,
          unknown
        >[];
        // Removed documents stay as tombstones; Dexie stores the boolean index as '1' / '0'.
        docs.push(...all.filter((d) => d._deleted !== true && d._deleted !== '1'));
      } finally {
        db.close();
      }
    }
    return docs;
  }, `--${collection}`);
}

/**
 * Waits until the header's sync status says every change is synced ('All changes synced', or
 * 'Synced — n replaced values to review' while a replaced value is unseen: ADR 023), and still
 * says so a second later (the status reads 'synced' for a moment before the outbox is first
 * counted). Returns null, or what the status said instead.
 */
export async function waitSynced(page: Page, timeout: number): Promise<string | null> {
  const root = page.locator('[data-sync-kind]').first();
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    try {
      await expect(root).toHaveAttribute('data-sync-kind', 'synced', { timeout: Math.max(1, deadline - Date.now()) });
      await page.waitForTimeout(1000);
      if ((await root.getAttribute('data-sync-kind')) === 'synced') return null;
    } catch {
      break;
    }
  }
  const said = await root
    .getByRole('status')
    .innerText()
    .catch(() => 'no sync status on the page');
  return said.replace(/\s+/g, ' ').trim();
}

/** What either wizard's device may do to its connection and its page, by the action's name. */
export const DEVICE_ACTIONS = ['offline', 'reload', 'close', 'dropAck', 'dropLive'] as const;
export type DeviceAction = (typeof DEVICE_ACTIONS)[number];

/** A wizard's handler for each device action, made by `onDevice`. */
export function deviceHandlers<H>(onDevice: (action: DeviceAction) => H): Record<DeviceAction, H> {
  return Object.fromEntries(DEVICE_ACTIONS.map((action) => [action, onDevice(action)])) as Record<DeviceAction, H>;
}

/**
 * Does `action` on `device` (whose wizard is at `url`) and says so; returns the step the wizard
 * opens at after a reload or a closed browser (read with `readStep`), else undefined.
 */
export async function deviceAction(
  device: Device,
  action: DeviceAction,
  url: string,
  readStep: (page: Page) => Promise<number>,
  note: (what: string) => void,
): Promise<number | undefined> {
  switch (action) {
    case 'offline':
      await setOffline(device, !device.offline);
      note(device.offline ? 'goes offline' : 'goes online');
      return undefined;
    case 'reload': {
      await reload(device);
      const step = await readStep(device.page);
      note(`reloads, opens at step ${step}`);
      return step;
    }
    case 'close': {
      await closeAndReopen(device, url);
      const step = await readStep(device.page);
      note(`closes the browser and opens it again at step ${step}`);
      return step;
    }
    case 'dropAck':
      device.dropNextAck = true;
      note('the answer to its next push will be lost');
      return undefined;
    case 'dropLive':
      // As a network drop: the client reconnects by itself and pulls on rejoin.
      for (const ws of [...device.live]) await ws.close({ code: 4000, reason: 'dropped by the soak' });
      note(`loses its live channel (${device.live.size} socket(s) dropped)`);
      return undefined;
  }
}
