import type { Observable } from 'rxjs';
import type { ConflictLog } from '../sync/conflict-log';
import type { SyncEngine } from '../sync/engine';
import type { Outbox } from '../sync/outbox';
import type { Fields } from './form-machine';
import type { WriteQueue } from './write-queue';

/** A synced document as a form sees it: where it lives, its fields, how to read and write it. */
export interface SyncedDocument {
  table: string;
  /** The document's id: known before it is stored (a draft's id is derived: draft-id.ts). */
  id: string;
  /** The stored fields the form edits, and which of them are lists (merged as sets). */
  fields: readonly string[];
  listFields: readonly string[];
  local: {
    outbox: Outbox;
    conflictLog: ConflictLog;
    writes: WriteQueue;
    engine: Pick<SyncEngine, 'pageGoingPush' | 'pushUnstored'>;
    db: { name: string };
  };
  /** The stored document, live (null: not on this device). */
  watch: () => Observable<Fields | null>;
  /** Whether pulled values still flow into the form (not once signed, say). Default: always. */
  editable?: (doc: Fields) => boolean;
  /** The stored document now (null: not on this device). */
  read: () => Promise<Fields | null>;
  /**
   * For a form whose first change makes its document (the draft): the document made of `all` the
   * form's stored values…
   */
  make?: (all: Fields) => Fields;
  /** …and writing it to the device, with the state it grew from (the merge base until the server has it). */
  insert?: (made: Fields, madeFrom: Fields) => Promise<void>;
  /**
   * Patches the document with what `change` makes of it as stored at the moment of writing: run
   * again on the newer state when another tab of this browser wrote it meanwhile (RxDB's
   * incrementalModify), so a write is judged against what it really replaces.
   */
  write: (change: (stored: Fields) => Fields) => Promise<void>;
}
