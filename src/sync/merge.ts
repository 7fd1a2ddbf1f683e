// The conflict rule (docs/decisions/003-sync.md): a 3-way merge against the last server state the
// device saw. Pure functions, so the rule is unit-tested on constructed conflicts.
import type { TableRules } from './rules';

export type Doc = Record<string, unknown> & { _deleted?: boolean };

/** A value set aside (`local`, the conflict log keeps it) for the value that stands (`server`). */
export interface LostValue {
  field: string;
  local: unknown;
  server: unknown;
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

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);

/** The server's list, minus what `local` removed from `base`, plus what it added. */
export function mergeList(base: unknown, local: unknown, server: unknown): unknown[] {
  const b = asList(base);
  const l = asList(local);
  const s = asList(server);
  const removed = b.filter((v) => !l.some((x) => sameValue(x, v)));
  const added = l.filter((v) => !b.some((x) => sameValue(x, v)));
  const kept = s.filter((v) => !removed.some((x) => sameValue(x, v)));
  return [...kept, ...added.filter((v) => !kept.some((x) => sameValue(x, v)))];
}

/**
 * Merge `local` (this device) and `server` (the real master) given `base`, the server state this
 * device last saw (undefined when the device thought the row was new).
 */
export function merge3<T extends Doc>(
  base: T | undefined,
  local: T,
  server: T,
  rules: TableRules,
): { doc: T; lost: LostValue[] } {
  const ignored = ignoredBy(rules);
  const deviceOwned = rules.deviceOwned ?? [];
  if (server._deleted) return { doc: server, lost: [] };
  if (rules.serverIsFinal?.(server)) {
    // The server's row stands (submitted or signed elsewhere). What this device changed since it
    // last saw the row is kept in the conflict log, never dropped without a word.
    const lost: LostValue[] = [];
    if (base) {
      for (const key of Object.keys(local)) {
        if (ignored.has(key) || key === '_deleted' || deviceOwned.includes(key)) continue;
        const l = local[key] ?? null;
        if (!sameValue(l, base[key] ?? null) && !sameValue(l, server[key] ?? null)) {
          lost.push({ field: key, local: l, server: server[key] ?? null });
        }
      }
    }
    return { doc: server, lost };
  }
  if (local._deleted) return { doc: { ...server, _deleted: true }, lost: [] };

  const merged: Doc = { ...server };
  const lost: LostValue[] = [];
  const keys = new Set([...Object.keys(local), ...Object.keys(server)]);
  for (const key of keys) {
    if (ignored.has(key) || key === '_deleted') continue;
    const b = base?.[key] ?? null;
    const l = local[key] ?? null;
    const s = server[key] ?? null;
    if (deviceOwned.includes(key)) {
      merged[key] = l;
      continue;
    }
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
  return { doc: merged as T, lost };
}
