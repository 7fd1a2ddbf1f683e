// A page that goes (a tab closed, another address typed) takes its requests with it, and what a
// form held reaches the server only when the app is opened again. So as the page goes, the newest
// state of the form's document is sent once more, in a request the browser completes after the
// page has gone (`keepalive`). It is an ordinary push of one row (supabase/schemas/sync): judged
// against the server state this device last saw when nothing else waits, else taken only as this
// device's own next write. It is made only by the tab that pushes and only while no push is under
// way (replicate-table.ts), and after it that page sends nothing more (engine.ts), so no request of
// this device can land after it. Its answer is never read: the next session's push settles it.
import { docToRow } from './rows';
import type { Doc } from './merge';

/** Where such a push goes, and its headers as they are when it is sent (the session's token). */
export interface KeepaliveTarget {
  /** The `sync_push` RPC's address (`<API URL>/rest/v1/rpc/sync_push`). */
  url: string;
  headers: () => Record<string, string>;
  /** The device's id (RxDB's storage token), known by the time a page can go. */
  writer: () => string | null;
  /** Stops following the session. */
  stop?: () => void;
}

/** A document's newest state as the page goes. */
export interface PageGoingState {
  doc: Doc;
  /** The server's state the device last saw, when nothing else of it waits to be sent. */
  assumed: Doc | null;
}

/** The browser keeps at most 64 KB of keepalive bodies in flight: a larger one is not sent. */
const KEEPALIVE_BYTES = 60_000;

/** Makes the push of these states to `sync_push`, in one request that outlives the page. */
export function pageGoingPush(target: KeepaliveTarget, table: string, states: readonly PageGoingState[]) {
  const writer = target.writer();
  const rows = states.map(({ doc, assumed }) => ({
    new: docToRow(doc),
    assumed: assumed ? docToRow(assumed) : null,
    writer,
  }));
  const body = JSON.stringify({ p_table: table, p_rows: rows });
  if (rows.length === 0 || !writer || body.length > KEEPALIVE_BYTES || typeof fetch !== 'function') return null;
  return () =>
    void fetch(target.url, {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', ...target.headers() },
      body,
    }).catch(() => undefined);
}
