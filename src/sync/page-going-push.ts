// A page that goes (a tab closed, another address typed) takes its requests with it, and what a
// form held reaches the server only when the app is opened again. So as the page goes, the newest
// state of the form's document is sent once more, in a request the browser completes after the
// page has gone (`keepalive`). It is an ordinary push of one row (supabase/schemas/sync), judged
// against the server state this page last knew of the document, and numbered after every push the
// device made (push-order.ts): a push still under way that lands after it changes nothing. After
// it that page sends nothing more (engine.ts); another open tab of the browser takes the change in
// and pushes on (src/data/page-going.ts). Its answer is never read: the next session's push
// settles it.
import type { Doc } from './merge';
import { nextPushSeq } from './push-order';
import { docToRow } from './rows';

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
  /** The document as stored on this device, and whether a change of it waits to be sent: when
   * none waits, it is what the server holds. */
  stored: Doc | null;
  waiting: boolean;
}

/**
 * What this page last knew the server to hold of each document it pushed or pulled: the state a
 * push under way is judged against, then the state the server took. Only for the push made as the
 * page goes, which has no time to ask RxDB; it lives and dies with the page.
 */
export class ServerStates {
  readonly #states = new Map<string, Doc>();

  /** A push of `state` is under way, judged against `judged` (undefined: taken as new). */
  sending(state: Doc, judged: Doc | undefined) {
    if (judged) this.#states.set(String(state.id), judged);
    else this.#states.delete(String(state.id));
  }

  /** The server holds `state` (a push it took, a pulled row, a conflict's row). */
  holds(state: Doc) {
    this.#states.set(String(state.id), state);
  }

  /** What the page-going push is judged against (null: taken only as this device's own write). */
  assumedFor({ doc, stored, waiting }: PageGoingState): Doc | null {
    return waiting ? (this.#states.get(String(doc.id)) ?? null) : stored;
  }
}

/** The browser keeps at most 64 KB of keepalive bodies in flight: a larger one is not sent. */
const KEEPALIVE_BYTES = 60_000;

/** Makes the push of these states to `sync_push`, in one request that outlives the page. */
export function pageGoingPush(
  target: KeepaliveTarget,
  table: string,
  states: readonly PageGoingState[],
  known: ServerStates,
) {
  const writer = target.writer();
  const seq = nextPushSeq();
  const rows = states.map((state) => {
    const assumed = known.assumedFor(state);
    return { new: docToRow(state.doc), assumed: assumed ? docToRow(assumed) : null, writer, seq };
  });
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
