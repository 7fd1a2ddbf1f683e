// Between a Postgres row (as the sync RPCs send it) and an RxDB document: `_modified` is kept as
// `serverModified` (microsecond text, never a Date), `_deleted` is RxDB's own.
import type { Doc } from './merge';

export type Row = Record<string, unknown> & { id: string; _modified?: string | null; _deleted?: boolean };

/** What every synced document has: a client-made id, and the server's write time once pulled. */
export type SyncDoc = { id: string; serverModified?: string | null };

const RXDB_META = ['_meta', '_rev', '_attachments'];

/**
 * Sort order "newest first" by a server timestamp; rows the server has not stamped yet (made on
 * this device, not synced) are the newest. Ties by id, so the order is stable.
 */
export const newestBy =
  <T extends { id: string }>(key: (d: T) => string | null | undefined) =>
  (a: T, b: T) =>
    (key(b) ?? '\uffff').localeCompare(key(a) ?? '\uffff') || a.id.localeCompare(b.id);

/**
 * The document for a row. With `known` (the collection schema's fields), columns the schema does
 * not have are left out: a server migrated ahead of this app (a column added for a newer version)
 * must not make every pull fail the schema's `additionalProperties: false`.
 */
export function rowToDoc<T>(row: Row, known?: ReadonlySet<string>): T & { _deleted: boolean } {
  // `_writer` and `_writer_seq` (which device's push wrote the row last) are the push's business,
  // and `_landed` an older server's.
  const { _modified, _deleted, _writer: _w, _writer_seq: _s, _landed: _l, ...rest } = row;
  const fields = known ? Object.fromEntries(Object.entries(rest).filter(([k]) => known.has(k))) : rest;
  return { ...fields, serverModified: _modified ?? null, _deleted: Boolean(_deleted) } as unknown as T & {
    _deleted: boolean;
  };
}

export function docToRow(doc: Doc): Row {
  const row: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) {
    if (RXDB_META.includes(k) || k === 'serverModified') continue;
    row[k] = v;
  }
  row._modified = doc.serverModified ?? null;
  row._deleted = Boolean(doc._deleted);
  return row as Row;
}
