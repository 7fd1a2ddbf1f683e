// A page that goes (a tab closed, another address typed, the app left by Back) takes its pushes
// with it: fetch is cancelled with the page. What a form still held is then on the device, and
// reaches the server only when the app is opened again. So as the page goes, the form's newest
// state of its document is sent once more, in a request the browser completes after the page has
// gone (`keepalive`). Its answer is never read: the next session's push settles the outbox as it
// settles a push whose answer was lost (the server recognises this device as the row's last
// writer: supabase/schemas/sync/50-push-rows.sql).
import type { Doc } from './merge';
import { docToRow } from './rows';

/** Where such a push goes, and its headers as they are when it is sent (the session's token). */
export interface KeepaliveTarget {
  /** The `sync_push` RPC's address (`<API URL>/rest/v1/rpc/sync_push`). */
  url: string;
  headers: () => Record<string, string>;
  /** Stops following the session. */
  stop?: () => void;
}

/** What the server is known to hold of each document, from pulls and answered pushes. */
export class KnownServerStates {
  readonly #states = new Map<string, Doc>();

  note(docs: readonly Doc[]) {
    for (const doc of docs) this.#states.set(String(doc.id), doc);
  }

  get(id: string): Doc | undefined {
    return this.#states.get(id);
  }
}

/**
 * Sends `docs` (this device's newest states) to `sync_push` in a request that outlives the page.
 * Each is judged against the state the server is known to hold; a row this device wrote last is
 * taken whatever that state was.
 */
export function pushAsThePageGoes(
  target: KeepaliveTarget,
  table: string,
  docs: readonly Doc[],
  writer: string | null,
  known: KnownServerStates,
) {
  if (docs.length === 0 || typeof fetch !== 'function') return;
  const rows = docs.map((doc) => {
    const assumed = known.get(String(doc.id));
    return { new: docToRow(doc), assumed: assumed ? docToRow(assumed) : null, writer, write_id: crypto.randomUUID() };
  });
  void fetch(target.url, {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', ...target.headers() },
    body: JSON.stringify({ p_table: table, p_rows: rows }),
  }).catch(() => undefined);
}
