// What a page's device holds of a synced table, read from IndexedDB as RxDB's Dexie storage keeps
// it: for e2e specs and benches that wait for a device's own copy (not the server's list).
import type { Page } from '@playwright/test';

/** How many documents the device's own copy of `table` holds (its 'docs' store; 0 without one). */
export const heldOnDevice = (page: Page, table: string) =>
  page.evaluate(async (suffix) => {
    const name = (await indexedDB.databases()).find((d) => d.name?.endsWith(suffix))?.name;
    if (!name) return 0;
    return new Promise<number>((resolve) => {
      const open = indexedDB.open(name);
      open.onerror = () => resolve(0);
      open.onsuccess = () => {
        const db = open.result;
        const count = db.transaction('docs', 'readonly').objectStore('docs').count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
      };
    });
  }, `--${table}`);

/**
 * The local document `id` as the device keeps it (data/on-device's copies, e.g. 'copy:email_logs'),
 * as JSON; '' when it keeps none. RxDB's database-level local documents have a 'docs' store of
 * their own.
 */
export const keptOnDevice = (page: Page, id: string) =>
  page.evaluate(async (id) => {
    const name = (await indexedDB.databases()).find((d) => d.name?.endsWith('--plugin-local-documents-'))?.name;
    if (!name) return '';
    return new Promise<string>((resolve) => {
      const open = indexedDB.open(name);
      open.onerror = () => resolve('');
      open.onsuccess = () => {
        const db = open.result;
        const found = db.transaction('docs', 'readonly').objectStore('docs').get(id);
        found.onsuccess = () => {
          db.close();
          resolve(found.result === undefined ? '' : JSON.stringify(found.result));
        };
        found.onerror = () => resolve('');
      };
    });
  }, id);
