// The conflict rule (docs/decisions/003-sync.md): a 3-way merge against the last server state the
// device saw. Pure functions, so the rule is unit-tested on constructed conflicts.
import type { TableRules } from './rules';

export type Doc = Record<string, unknown> & { _deleted?: boolean };

/** A value set aside (`local`, the conflict log keeps it) for the value that stands (`server`). */
export interface LostValue {
  field: string;
  local: unknown;
  server: unknown;
  /** The burst of typing that set `local` aside, where known (a form's): the conflict log keeps
   * one entry per burst. */
  burst?: BurstOf;
}

/** A burst of typing, as the conflict log knows it. */
export interface BurstOf {
  /** Unique to the burst (its form and start). */
  id: string;
  /** When it began (ms). */
  since: number;
  /** The values it went through: a value of these set aside since it began is its own. */
  typed: readonly unknown[];
  /** Only updates the burst's entry (a value replaced unseen, said again as its burst ends):
   * never a new one. */
  again?: boolean;
}

// RxDB's own fields: never data.
const RXDB_META = ['_meta', '_rev', '_attachments'];

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameValue((a as Doc)[k], (b as Doc)[k]));
}

const ignoredBy = (rules: Pick<TableRules, 'serverOwned'>) => new Set([...RXDB_META, ...rules.serverOwned]);

/** Same user data: ignores RxDB's own meta and the fields the server owns. */
export function sameData(a: Doc, b: Doc, rules: Pick<TableRules, 'serverOwned'>): boolean {
  const ignored = ignoredBy(rules);
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if (ignored.has(k)) continue;
    if (!sameValue(a[k] ?? null, b[k] ?? null)) return false;
  }
  return true;
}

/** The same state of a document: the same data, and both deleted or neither. */
export const sameState = (a: Doc, b: Doc, rules: Pick<TableRules, 'serverOwned'>) =>
  Boolean(a._deleted) === Boolean(b._deleted) && sameData(a, b, rules);

export const asList = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);

/** Whether `list` holds `value`, compared as stored values. */
export const hasValue = (list: readonly unknown[], value: unknown) => list.some((v) => sameValue(v, value));

/** The server's list, minus what `local` removed from `base`, plus what it added. */
export function mergeList(base: unknown, local: unknown, server: unknown): unknown[] {
  const b = asList(base);
  const l = asList(local);
  const s = asList(server);
  const removed = b.filter((v) => !hasValue(l, v));
  const added = l.filter((v) => !hasValue(b, v));
  const kept = s.filter((v) => !hasValue(removed, v));
  return [...kept, ...added.filter((v) => !hasValue(kept, v))];
}

/** The user fields of `doc` that differ from `base` (none of RxDB's, the server's or the device's own). */
function changedFields(base: Doc | undefined, doc: Doc, ignored: ReadonlySet<string>): string[] {
  const keys = new Set([...Object.keys(doc), ...Object.keys(base ?? {})]);
  return [...keys].filter(
    (key) => !ignored.has(key) && key !== '_deleted' && !sameValue(doc[key] ?? null, base?.[key] ?? null),
  );
}

/** This device's removal that does not apply (the row stands): kept in the conflict log. */
const REMOVAL_NOT_APPLIED: LostValue = { field: '_deleted', local: true, server: false };

/**
 * Merge `local` (this device) and `server` (the real master) given `base`, the server state this
 * device last saw (undefined when the device thought the row was new).
 *
 * Removals: both removed, nothing to say. Removed elsewhere: the removal stands, and the values
 * this device changed since `base` are logged. Removed here while the row changed elsewhere since
 * `base` (the extension saved the listing again: a later action of the user), or a row this device
 * never saw: the row stands, merged as usual, and the removal is logged (a removal is cheap to
 * redo; a save is not). Removed here and unchanged elsewhere: the removal applies.
 */
export function merge3<T extends Doc>(
  base: T | undefined,
  local: T,
  server: T,
  rules: TableRules,
): { doc: T; lost: LostValue[] } {
  const deviceOwned = rules.deviceOwned ?? [];
  const ignored = new Set([...ignoredBy(rules), ...deviceOwned]);
  // The user's values this device changed since it last saw the row, which differ from the server's.
  const localChanges = (): LostValue[] =>
    changedFields(base, local, ignored)
      .filter((key) => key in local && !sameValue(local[key] ?? null, server[key] ?? null))
      .map((key) => ({ field: key, local: local[key] ?? null, server: server[key] ?? null }));
  // This device removed the row (it was not already removed when the device last saw it).
  const removedHere = Boolean(local._deleted) && !base?._deleted;

  if (server._deleted) return { doc: server, lost: local._deleted ? [] : localChanges() };
  if (rules.serverIsFinal?.(server)) {
    // The server's row stands (submitted or signed elsewhere). What this device changed since it
    // last saw the row is kept in the conflict log, never dropped without a word.
    const lost = base ? localChanges() : [];
    return { doc: server, lost: removedHere ? [...lost, { ...REMOVAL_NOT_APPLIED }] : lost };
  }
  const changedElsewhere = !base || Boolean(base._deleted) || changedFields(base, server, ignored).length > 0;
  if (local._deleted && !changedElsewhere) return { doc: { ...server, _deleted: true }, lost: [] };

  const merged: Doc = { ...server };
  const lost: LostValue[] = [];
  const keys = new Set([...Object.keys(local), ...Object.keys(server)]);
  for (const key of keys) {
    if (ignored.has(key) || key === '_deleted') continue;
    const b = base?.[key] ?? null;
    const l = local[key] ?? null;
    const s = server[key] ?? null;
    if (rules.listFields.includes(key)) {
      merged[key] = mergeList(b, l, s);
      continue;
    }
    const localChanged = !sameValue(l, b);
    const serverChanged = !sameValue(s, b);
    if (localChanged && !serverChanged) merged[key] = l;
    else if (localChanged && serverChanged && !sameValue(l, s)) {
      // Both changed the same field: the first to reach the server wins; keep ours in the log.
      lost.push({ field: key, local: l, server: s });
    }
  }
  for (const key of deviceOwned) if (key in local || key in server) merged[key] = local[key] ?? null;
  if (removedHere) lost.push({ ...REMOVAL_NOT_APPLIED });
  return { doc: merged as T, lost };
}
