// A browser whose disk is small (tests/e2e/small-disk/chromium.sh): the origin's quota is real,
// and the test fills it as photos and other sites fill a phone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { cspViolationsOf, waitForAppIn } from './fixtures';

const WRAPPER = join(import.meta.dirname, 'small-disk', 'chromium.sh');

/** A persistent profile on an 80 MB disk; `close` ends the browser and removes the profile. */
export async function smallDiskBrowser(baseURL: string | undefined) {
  const profile = mkdtempSync(join(tmpdir(), 'chloe-small-disk-'));
  // The wrapper reads the profile's path and Chromium's from its environment.
  process.env.CHLOE_SMALL_DISK = profile;
  process.env.CHROMIUM_PATH = CHROMIUM_PATH;
  const context = await chromium.launchPersistentContext(profile, {
    baseURL,
    executablePath: WRAPPER,
    args: CHROMIUM_ARGS,
  });
  const violations = await cspViolationsOf(context);
  waitForAppIn(context);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    violations,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const FILLER = 'chloe-test-filler';

/**
 * Fills the origin's quota with incompressible data in a database of its own, in ever smaller
 * pieces down to 256 bytes: what the app writes next does not fit. Returns the bytes written.
 */
export function fillQuota(page: Page): Promise<number> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name, 1);
      open.onupgradeneeded = () => open.result.createObjectStore('filler', { autoIncrement: true });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('filler did not open'));
    });
    const noise = (size: number) => {
      const bytes = new Uint8Array(size);
      for (let at = 0; at < size; at += 65_536) crypto.getRandomValues(bytes.subarray(at, at + 65_536));
      return bytes;
    };
    const put = (size: number) =>
      new Promise<boolean>((resolve) => {
        const tx = db.transaction('filler', 'readwrite');
        tx.objectStore('filler').add(noise(size));
        tx.oncomplete = () => resolve(true);
        tx.onabort = () => resolve(false);
      });
    let written = 0;
    for (let size = 1 << 20; size >= 256; size >>= 2) {
      while (await put(size)) written += size;
    }
    db.close();
    return written;
  }, FILLER);
}

/** Gives the space back (the filler's database is deleted). */
export function freeQuota(page: Page) {
  return page.evaluate(
    (name) =>
      new Promise<void>((resolve, reject) => {
        const del = indexedDB.deleteDatabase(name);
        del.onsuccess = () => resolve();
        del.onerror = () => reject(del.error ?? new Error('filler not deleted'));
      }),
    FILLER,
  );
}
