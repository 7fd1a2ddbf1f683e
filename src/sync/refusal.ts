// A refusal: the server would not take a row this device pushed (a check, a limit, an expired
// link). The outbox keeps it with the row the server kept, until a later state is accepted.
import { columnOfRule } from '../lib/refusal-words';
import { sameValue, type Doc } from './merge';

/** Why the server refused a row, and the row as the server kept it (null: it has none). */
export interface Refusal {
  message: string;
  code: string | null;
  /** The column Postgres named, when it did (a check or not-null constraint). */
  column: string | null;
  constraint: string | null;
  server: Doc | null;
}

/** A refusal as a form shows it: which fields, the refused state, and why. */
export interface FieldRefusal {
  /** The fields whose refused values the server does not have (or the column it named). */
  fields: string[];
  /** The refused state (a form shows the message while its field still holds this value). */
  refused: Doc;
  refusal: Refusal;
}

const NOT_FIELDS = new Set(['id', '_deleted', '_meta', '_rev', '_attachments', 'serverModified']);

/** The refused fields of an outbox entry, while its refused state is the latest attempt. */
export function refusedFields(
  entry: { table: string; lastError: string | null; refusal: (Refusal & { refused: Doc }) | null } | null | undefined,
): FieldRefusal | null {
  if (!entry?.refusal || !entry.lastError) return null;
  const { refused, ...refusal } = entry.refusal;
  const column = refusal.column ?? columnOfRule(entry.table, refusal.constraint, Object.keys(refused));
  const fields = column
    ? [column]
    : Object.keys(refused).filter(
        (f) => !NOT_FIELDS.has(f) && !sameValue(refused[f] ?? null, refusal.server?.[f] ?? null),
      );
  return { fields, refused, refusal };
}
