// The state a conflict is merged against (docs/decisions/030-two-writers-one-truth.md): what this
// device last knew the server to hold. RxDB's own idea of it (the assumed state) is right but for
// four cases, each answered from the outbox entry the device keeps:
// - a document made here that the server does not have: the state it was made from (its form's
//   defaults), so a default nobody typed is not a change that could overwrite another device's;
// - a pulled document whose assumed state RxDB never stored (it writes the document, then its
//   record of the server's state: a page gone between the two, or a removal made in that moment):
//   the state the removal was made over, so it is not a conflict (ADR 039);
// - a refused state: the server never had it; the row it kept instead is the truth;
// - a push whose answer was lost: the server may hold what this device sent. A field whose server
//   value is one this device sent since the base is taken as this device's own, so its later edits
//   of that field win, rather than losing to its own older value; in a list, item by item.
import { asList, hasValue, sameState, sameValue, type Doc } from './merge';
import type { OutboxEntry } from './outbox-entry';
import type { TableRules } from './rules';

type Kept = Pick<OutboxEntry, 'refusal' | 'sent' | 'base'>;

const NOT_DATA = new Set(['id', '_meta', '_rev', '_attachments', '_deleted', 'serverModified']);

/**
 * The server state a push is judged against: RxDB assumes the server holds what it last pushed,
 * but a refused push never reached it. While the assumed state is the refused one, the row the
 * server kept is the truth (undefined: it has none).
 */
export function judgedAgainst(
  assumed: Doc | undefined,
  refusal: Kept['refusal'] | undefined,
  rules: TableRules,
): Doc | undefined {
  if (refusal && assumed && sameState(refusal.refused, assumed, rules)) return refusal.server ?? undefined;
  return assumed;
}

export function mergeBase(
  assumed: Doc | undefined,
  server: Doc,
  kept: Kept | null,
  rules: TableRules,
): Doc | undefined {
  const base = judgedAgainst(assumed, kept?.refusal, rules) ?? kept?.base ?? undefined;
  const sent = base ? sentSince(base, kept?.sent ?? [], rules) : [];
  if (!base || sent.length === 0) return base;
  const landed: Doc = {};
  for (const field of Object.keys(server)) {
    if (NOT_DATA.has(field) || rules.serverOwned.includes(field)) continue;
    const value = server[field] ?? null;
    if (sameValue(base[field] ?? null, value)) continue;
    const sentValues = sent.map((state) => state[field] ?? null);
    if (rules.listFields.includes(field)) {
      const own = landedList(base[field], value, sentValues);
      if (own) landed[field] = own;
    } else if (hasValue(sentValues, value)) landed[field] = value;
  }
  return Object.keys(landed).length > 0 ? { ...base, ...landed } : base;
}

/** The states sent after `base`: one sent before it was answered, and is in it already. */
function sentSince(base: Doc, sent: readonly Doc[], rules: TableRules): readonly Doc[] {
  const at = sent.findLastIndex((state) => sameState(state, base, rules));
  return at < 0 ? sent : sent.slice(at + 1);
}

/**
 * A list (ticked options) may have been changed by another device after this device's lost
 * answer landed, so the whole value rarely matches a sent one (soak seed 9385: A sent a tick, B
 * ticked another over it, A's later untick was merged as if A's tick had never landed). Each item
 * is judged on its own: one the server holds that this device sent added, or lacks that it sent
 * removed, is this device's own. Null: none.
 */
function landedList(base: unknown, server: unknown, sent: readonly unknown[]): unknown[] | null {
  const before = asList(base);
  const now = asList(server);
  const lists = sent.map((v) => asList(v));
  const added = now.filter((v) => !hasValue(before, v) && lists.some((list) => hasValue(list, v)));
  const removed = before.filter((v) => !hasValue(now, v) && lists.some((list) => !hasValue(list, v)));
  if (added.length === 0 && removed.length === 0) return null;
  return [...before.filter((v) => !hasValue(removed, v)), ...added];
}
