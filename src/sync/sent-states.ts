// What this device sent of a document and the server has not answered yet, kept in its outbox
// entry by the id each write lands under in the row's `_landed`: when a conflict shows that one
// landed, it is merged against that state (docs/decisions/013-sync-never-loses-an-edit.md).
import type { Doc } from './merge';
import type { OutboxEntry } from './outbox-entry';

/** A state sent in a push, by the id the server records in `_landed` when it lands. */
export interface SentState {
  writeId: string;
  state: Doc;
  /** Sent as some fields only (a page's last push): those fields, with the values sent. */
  patch?: Doc;
}

// Distinct states kept per document: each push sent while no answer comes adds one (a retry of
// the same state reuses its write id), and the one that landed must still be here when asked.
export const SENT_KEPT = 5;

export const parseSent = (entry: Pick<OutboxEntry, 'sent'> | null | undefined): SentState[] =>
  entry?.sent ? (JSON.parse(entry.sent) as SentState[]) : [];

/**
 * The state a landed write id stands for. A partial write taken over this device's own last
 * write W lands as "<W's id>+<its id>" (supabase/schemas/sync/50-push-rows.sql): W's state with
 * its fields; W forgotten, the state it was sent for is the nearest known.
 */
export function landedState(sent: SentState[], landedWriteId: string): Doc | undefined {
  const [own, partial] = landedWriteId.split('+');
  const find = (writeId: string | undefined) => sent.find((s) => s.writeId === writeId);
  if (partial === undefined) return find(own)?.state;
  const over = find(own);
  const write = find(partial);
  return over && write?.patch ? { ...over.state, ...write.patch } : write?.state;
}

/** `before` with the states of `more` it lacks (by write id), the newest SENT_KEPT. */
export function addSent(before: SentState[], more: SentState[]): SentState[] {
  const added = more.filter((s) => !before.some((b) => b.writeId === s.writeId));
  return [...before, ...added].slice(-SENT_KEPT);
}
