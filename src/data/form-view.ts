// What the form's controller (form-sync.ts) reaches: the form as it renders, and the document.
import type { Fields } from './form-machine';
import type { SyncedDocument } from './synced-document';

/** How the controller reaches the form: replaced as the form's component renders again. */
export interface FormView {
  /** The form's values as stored values, now (`stored`: what is stored, for input that cannot be). */
  read: (stored: Fields) => Fields;
  /** Puts stored values in the form's fields (stored values, by stored field). */
  show: (values: Fields) => void;
  /** Stored fields whose input cannot be stored as typed: they keep what was typed. */
  keepTyped: () => readonly string[];
  /** A write failed: say so (what was typed stays in the form, and is written with the next change). */
  onWriteError: (error: unknown) => void;
  /** The stored field a form field (by its input's name) shows, if any. */
  storedField: (formFieldName: string) => string | undefined;
}

export interface FormSyncOptions {
  document: SyncedDocument;
  /** The stored document when the form opened (null: the first change makes it). */
  initial: Fields | null;
  view: FormView;
}
