import type { Observable } from 'rxjs';
import type { ConflictLog } from '../sync/conflict-log';
import type { Outbox } from '../sync/outbox';
import type { Fields, NewestState } from './form-sync';
import type { WriteQueue } from './write-queue';

/** A synced document as a form sees it: where it lives, its fields, how to read and write it. */
export interface SyncedDocument {
  table: string;
  /** The stored fields the form edits, and which of them are lists (merged as sets). */
  fields: readonly string[];
  listFields: readonly string[];
  local: { outbox: Outbox; conflictLog: ConflictLog; writes: WriteQueue };
  /** The stored document, live (null: it is gone). */
  watch: (id: string) => Observable<Fields | null>;
  /** Whether pulled values still flow into the form (not once signed, say). Default: always. */
  editable?: (doc: Fields) => boolean;
  /** The page is going: keeps this newest state where the page's end cannot take it (page-going.ts). */
  asThePageGoes?: (newest: NewestState) => void;
  /** The stored document now (null: not on this device). */
  read: (id: string) => Promise<Fields | null>;
  /**
   * For a form whose first change makes its document (the draft): the document made of `all` the
   * form's stored values, with its id, at once (a page that goes before it is written still has
   * it)…
   */
  make?: (all: Fields) => Fields;
  /** …and writing it to the device. */
  insert?: (made: Fields) => Promise<void>;
  /**
   * Patches the document with what `change` makes of it as stored at the moment of writing: run
   * again on the newer state when another tab of this browser wrote it meanwhile (RxDB's
   * incrementalModify), so a write is judged against what it really replaces.
   */
  write: (id: string, change: (stored: Fields) => Fields) => Promise<void>;
}
