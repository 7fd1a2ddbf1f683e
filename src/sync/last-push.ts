// A page that goes (a tab closed, another address typed, the app left by Back) takes its pushes
// with it: fetch is cancelled with the page. What a form still held is then on the device, and
// reaches the server only when the app is opened again. So as the page goes, the form's newest
// state of its document is sent once more, in a request the browser completes after the page has
// gone (`keepalive`). Its answer is never read: the next session's push settles the outbox as it
// settles a push whose answer was lost (supabase/schemas/sync/50-push-rows.sql).
import { sameValue, type Doc } from './merge';
import { docToRow } from './rows';
import type { TableRules } from './rules';

// RxDB's own fields, the id and the server's write time: never a change to send.
const NOT_DATA = new Set(['id', '_meta', '_rev', '_attachments', '_deleted', 'serverModified']);

/** Where such a push goes, and its headers as they are when it is sent (the session's token). */
export interface KeepaliveTarget {
  /** The `sync_push` RPC's address (`<API URL>/rest/v1/rpc/sync_push`). */
  url: string;
  headers: () => Record<string, string>;
  /** Stops following the session. */
  stop?: () => void;
}

const SENT_HERE_KEPT = 5;

/**
 * The state RxDB assumes the server holds of each document: the last one it pulled into the
 * device's database or had accepted in a push. What a conflict's resolution brings is left out: a
 * page could go before the resolution is written, and a base newer than the device's state would
 * let its change overwrite what it had not merged yet. Older is only safer: it is a conflict.
 */
export class AssumedServerStates {
  readonly #states = new Map<string, Doc>();
  // The write ids of the device's pushes known to this page, by document (the newest few): its
  // own, and those the outbox shows (the lead tab pushes for every tab).
  readonly #sentHere = new Map<string, string[]>();

  /** A push of `docId` went under `writeId` (from this page, or one the outbox shows). */
  noteSent(docId: string, writeId: string) {
    const ids = this.#sentHere.get(docId) ?? [];
    if (!ids.includes(writeId)) this.#sentHere.set(docId, [...ids, writeId].slice(-SENT_HERE_KEPT));
  }

  /** The write ids of the pushes of `docId` known to this page. */
  sentHere(docId: string): string[] {
    return this.#sentHere.get(docId) ?? [];
  }

  note(doc: Doc) {
    this.#states.set(String(doc.id), doc);
  }

  /** Notes `doc` unless a state of it is known already (one noted since was newer). */
  noteIfUnknown(doc: Doc) {
    if (!this.#states.has(String(doc.id))) this.note(doc);
  }

  get(id: string): Doc | undefined {
    return this.#states.get(id);
  }
}

/** A document's newest state as the page goes. */
export interface PageGoingState {
  doc: Doc;
  /** The fields this page changed: the only ones it may send (the rest of `doc` may lag behind
   * what RxDB assumes the server has, a merge not yet shown). */
  fields: readonly string[];
  /** Made on this page: the server may not have it yet. */
  created: boolean;
  /** The stored values the change was typed over: what the server is taken to hold when RxDB's
   * assumption is not known yet (a page closed a moment after it opened). A wrong guess is a
   * conflict the server refuses, and the change kept on the device goes at the next visit. */
  typedOver?: Doc;
}

/** One document's row in such a push: the id it lands under in the server's `_landed`, the
 * whole state it stands for (RxDB's assumed server state with the sent fields applied) and, for
 * a partial row, the fields sent (taken over this device's own last write, they apply to that). */
export interface PageGoingSent {
  docId: string;
  writeId: string;
  state: Doc;
  patch?: Doc;
}

/** Such a push, made and not sent yet: what it will send is kept first (src/data/page-going.ts). */
export interface PageGoingPush {
  sent: PageGoingSent[];
  send(): void;
}

export const NO_PAGE_GOING_PUSH: PageGoingPush = { sent: [], send: () => undefined };

/**
 * Makes the push of these states to `sync_push`, in one request that outlives the page. Each goes as a
 * compare-and-set of the fields the page changed that differ from what RxDB assumes the server
 * has ("partial"), taken only where those fields still hold those values, or where this device wrote the row
 * last, so it never overwrites what another device wrote since, nor the rest of the row (and it
 * claims no row: the device's next whole push is judged, not taken as its own write; the write id
 * it lands under lets the device merge that push against the state it stands for). A
 * document RxDB assumes nothing of goes whole if it was made on this page (inserted if the server
 * does not have it yet), else not at all (the next session's push sends it).
 */
export function pageGoingPush(
  target: KeepaliveTarget,
  table: string,
  states: readonly PageGoingState[],
  writer: string | null,
  assumed: AssumedServerStates,
  rules: Pick<TableRules, 'serverOwned'>,
): PageGoingPush {
  const sent: PageGoingSent[] = [];
  const rows = states.flatMap(({ doc, fields: changed, created, typedOver }): Record<string, unknown>[] => {
    const id = String(doc.id);
    const write_id = crypto.randomUUID();
    const server = assumed.get(id) ?? (typedOver && !created ? { ...doc, ...typedOver } : undefined);
    if (!server) {
      if (!created) return [];
      sent.push({ docId: id, writeId: write_id, state: doc });
      // Over the device's pushes this page knows of only: one still in flight may land after this.
      const after = assumed.sentHere(id);
      assumed.noteSent(id, write_id);
      return [{ new: docToRow(doc), assumed: null, writer, write_id, after }];
    }
    const fields = changed.filter(
      (field) =>
        !NOT_DATA.has(field) &&
        !rules.serverOwned.includes(field) &&
        !sameValue(doc[field] ?? null, server[field] ?? null),
    );
    if (fields.length === 0) return [];
    const pick = (from: Doc) => Object.fromEntries(fields.map((field) => [field, from[field] ?? null]));
    sent.push({ docId: id, writeId: write_id, state: { ...server, ...pick(doc) }, patch: pick(doc) });
    // Taken over the row as this device last wrote it only over a send known here as the page
    // went: a page's request may land late, after a later page of this device wrote the row again.
    const after = assumed.sentHere(id);
    // A page shown again (back-forward cache) and left again names this push in its next one.
    assumed.noteSent(id, write_id);
    return [{ new: { ...pick(doc), id }, assumed: { ...pick(server), id }, partial: true, writer, write_id, after }];
  });
  return {
    sent,
    send: () => {
      if (rows.length === 0 || typeof fetch !== 'function') return;
      void fetch(target.url, {
        method: 'POST',
        keepalive: true,
        headers: { 'Content-Type': 'application/json', ...target.headers() },
        body: JSON.stringify({ p_table: table, p_rows: rows }),
      }).catch(() => undefined);
    },
  };
}
