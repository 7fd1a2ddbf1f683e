// A refusal: the server would not take a row this device pushed (a check, a limit, an expired
// link). The outbox keeps it with the row the server kept, until a later state is accepted.
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

/** The refused state and why, from an outbox entry's record of it, or null. */
export function parseRefusal(
  entry: { refused: string | null; refusal?: string | null | undefined } | null | undefined,
): { refused: Doc; refusal: Refusal } | null {
  if (!entry?.refused || !entry.refusal) return null;
  return { refused: JSON.parse(entry.refused) as Doc, refusal: JSON.parse(entry.refusal) as Refusal };
}

const NOT_FIELDS = new Set(['id', '_deleted', '_meta', '_rev', '_attachments', 'serverModified']);

/** The refused fields of an outbox entry, while its refused state is the latest attempt. */
export function refusedFields(
  entry:
    { table: string; lastError: string | null; refused: string | null; refusal?: string | null } | null | undefined,
): FieldRefusal | null {
  const found = parseRefusal(entry);
  if (!found || !entry?.lastError) return null;
  const { refused, refusal } = found;
  const column = refusal.column ?? columnOfConstraint(entry.table, refusal.constraint, Object.keys(refused));
  const fields = column
    ? [column]
    : Object.keys(refused).filter(
        (f) => !NOT_FIELDS.has(f) && !sameValue(refused[f] ?? null, refusal.server?.[f] ?? null),
      );
  return { fields, refused, refusal };
}

/**
 * The column a check is about, from its name ('agent_assessments_website_url_is_http_url' →
 * 'website_url'): Postgres names no column for a CHECK, and the refused fields are otherwise the
 * ones that differ from the server's row — the latest edits, not the value at fault (a value
 * stored before a new check, refused only when the row is next written).
 */
export function columnOfConstraint(table: string, constraint: string | null, fields: string[]): string | null {
  if (!constraint?.startsWith(`${table}_`)) return null;
  const rest = constraint.slice(table.length + 1);
  const matches = fields.filter((f) => rest.startsWith(`${f}_`));
  return matches.sort((a, b) => b.length - a.length)[0] ?? null;
}
