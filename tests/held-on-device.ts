// What a page's device holds, read from IndexedDB as RxDB's Dexie storage keeps it: for e2e specs
// and benches that wait for a device's own copy (not the server's list).
import type { Page } from '@playwright/test';

/**
 * In the page: the 'docs' store of the database whose name ends with `suffix`; its count, or the
 * record `id` as JSON. null when there is no such database or record.
 */
const readDocs = (page: Page, suffix: string, id: string | null) =>
  page.evaluate(
    async ({ suffix, id }) => {
      const name = (await indexedDB.databases()).find((d) => d.name?.endsWith(suffix))?.name;
      if (!name) return null;
      return new Promise<number | string | null>((resolve) => {
        const open = indexedDB.open(name);
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          const docs = db.transaction('docs', 'readonly').objectStore('docs');
          const read: IDBRequest = id === null ? docs.count() : docs.get(id);
          read.onsuccess = () => {
            db.close();
            const found: unknown = read.result;
            resolve(typeof found === 'number' ? found : found === undefined ? null : JSON.stringify(found));
          };
          read.onerror = () => {
            db.close();
            resolve(null);
          };
        };
      });
    },
    { suffix, id },
  );

/** How many documents the device's own copy of `table` holds (its 'docs' store; 0 without one). */
export const heldOnDevice = async (page: Page, table: string) =>
  Number((await readDocs(page, `--${table}`, null)) ?? 0);

/**
 * The local document `id` as the device keeps it (data/on-device's copies, e.g. 'copy:email_logs'),
 * as JSON; '' when it keeps none. RxDB's database-level local documents have a database of their own.
 */
export const keptOnDevice = async (page: Page, id: string) =>
  String((await readDocs(page, '--plugin-local-documents-', id)) ?? '');
