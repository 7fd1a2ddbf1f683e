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
 * What this page knows the server held of each document it pushed or pulled: the state a push
 * under way is judged against, the state the server took, each pulled row. Only for the push made
 * as the page goes, which has no time to ask RxDB; it lives and dies with the page.
 *
 * A change waiting is judged against the state it was made over, never merely the newest known:
 * a row pulled while the change waited (another device's write, not yet merged into this device's
 * copy) is not what the change descends from, and judged against it the push would write this
 * device's older values over that device's newer ones. The state a copy descends from is the
 * newest known one that has the copy's `serverModified` (a pulled row, or this device's own push
 * made over it).
 */
export class ServerStates {
  readonly #states = new Map<string, Doc[]>();

  /** A push of `state` is under way, judged against `judged` (undefined: taken as new). */
  sending(state: Doc, judged: Doc | undefined) {
    if (judged) this.holds(judged);
    else this.#states.delete(String(state.id));
  }

  /** The server holds `state` (a push it took, a pulled row, a conflict's row). */
  holds(state: Doc) {
    const id = String(state.id);
    const known = (this.#states.get(id) ?? []).filter((s) => modified(s) !== modified(state));
    this.#states.set(id, [...known.slice(1 - KEPT_STATES), state]);
  }

  /** What the page-going push is judged against (null: taken only as this device's own write). */
  assumedFor({ doc, stored, waiting }: PageGoingState): Doc | null {
    if (!waiting) return stored;
    const over = stored ? modified(stored) : null;
    const known = this.#states.get(String(doc.id)) ?? [];
    return known.findLast((s) => modified(s) === over) ?? null;
  }
}

const modified = (state: Doc) => state.serverModified ?? null;

/** States kept per document: enough for a push under way, its answer and a few pulls. */
const KEPT_STATES = 8;

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

/**
 * Sends `states` of `table`'s documents now, in one such request per replication of the table
 * that may make one (`first`: done before, when one goes). False when none may.
 */
export function sendNow(
  replications: readonly { pageGoingPush?: (states: readonly PageGoingState[]) => (() => void) | null }[],
  tables: readonly { name: string }[],
  table: string,
  states: readonly PageGoingState[],
  first?: () => void,
): boolean {
  const sends = replications.flatMap((r, i) => (tables[i]?.name === table ? [r.pageGoingPush?.(states)] : []));
  const ready = sends.filter((send): send is () => void => typeof send === 'function');
  if (ready.length === 0) return false;
  first?.();
  for (const send of ready) send();
  return true;
}
