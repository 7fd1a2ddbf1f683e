// What the server refused, in words, for the forms to say next to the field: a refused change is
// shown next to its field and stays editable (docs/product/sync.md).
import { useEffect, useState } from 'react';
import type { Outbox } from '../sync/outbox';
import { refusedFields, type FieldRefusal, type Refusal } from '../sync/refusal';

export type { FieldRefusal };

/** The live refusal of one document, or null. */
export function useRefusal(outbox: Outbox | null, table: string, docId: string | null): FieldRefusal | null {
  const [refusal, setRefusal] = useState<FieldRefusal | null>(null);
  useEffect(() => {
    if (!outbox || !docId) return;
    const sub = outbox.watch(table, docId).subscribe((entry) => setRefusal(refusedFields(entry)));
    return () => {
      sub.unsubscribe();
      setRefusal(null);
    };
  }, [outbox, table, docId]);
  return refusal;
}

/** Words for a refused field: 'The name is too long: at most 200 characters' rather than Postgres' text. */
export function refusalMessage(label: string, refusal: Refusal): string {
  const rule = refusal.constraint ?? '';
  const chars = /_at_most_(\d+)_chars$/.exec(rule);
  if (chars) return `${label} is too long: at most ${Number(chars[1]).toLocaleString('en-GB')} characters`;
  const items = /_at_most_(\d+)_items$/.exec(rule);
  if (items) return `${label} has too many entries: at most ${Number(items[1]).toLocaleString('en-GB')}`;
  if (rule.endsWith('_no_duplicates')) return `${label} lists the same thing twice`;
  if (rule.endsWith('_email_format')) return `${label} is not an email address`;
  if (rule.endsWith('_is_http_url')) return `${label} must be a web address starting with http:// or https://`;
  const rowWide = rowRefusalMessage(refusal);
  if (rowWide) return rowWide;
  // 22003 out of range; 23514 a check (the bounds); 22P02 not a valid value of the column's type.
  if (refusal.code === '22003' || /_at_most_/.test(rule)) return `${label} is too large`;
  if (refusal.code === '22P02' || refusal.code === '23514') return `${label} was not accepted`;
  return `${label} was not saved: ${refusal.message}`;
}

/**
 * Words for a refusal of the whole row rather than one field (migration 20261123000011 names
 * them), or null when the refusal is about a field.
 */
export function rowRefusalMessage(refusal: Refusal): string | null {
  switch (refusal.constraint) {
    case 'agent_assessments_link_expired':
      return 'This link has expired — ask for a new one. Your answers are kept on this device.';
    case 'agent_assessments_already_completed':
      return `This assessment has already been submitted (${refusal.message.replace(/^.*submitted on (.*?) and.*$/, '$1')}), so it cannot be changed.`;
    case 'sync_id_taken':
      return 'This record belongs to another account, so it was not saved.';
    case 'sync_read_only_column':
      return 'This change touches something only we can set (such as a link’s expiry), so it was not saved.';
    case 'agent_assessments_at_most_1000_per_creator':
      return 'You have created 1,000 assessment links, the most one account can make.';
    case 'share_subscriptions_at_most_20_per_user':
      return 'This account already holds 20 share subscriptions: resume one instead of starting another.';
    case 'saved_properties_at_most_5000_per_user':
      return 'You have saved 5,000 properties, the most one account can keep: remove some to save more.';
    default:
      return null;
  }
}

/** How long a submission waits for the server before saying it will be sent later. */
export const SEND_WAIT_MS = 8000;

/**
 * What became of this device's latest write of one row: 'landed' once the server has it, 'refused'
 * with the server's words, or 'waiting' when neither happened within `ms` (offline, or the server
 * slow). Used to say 'submitted' only when it is true.
 *
 * RxDB records an incremental write in the outbox just after the write resolves (its post-write
 * hook is not awaited), and a live query may first replay a result from before it: so 'landed' is
 * the outbox entry gone after it was seen, never an entry not there yet.
 */
export function whenServerHas(
  outbox: Outbox,
  table: string,
  docId: string,
  // Offline there is nothing to wait for: it is saved here and sent later.
  ms = navigator.onLine ? SEND_WAIT_MS : 0,
): Promise<{ outcome: 'landed' } | { outcome: 'refused'; refusal: FieldRefusal } | { outcome: 'waiting' }> {
  type Outcome = Awaited<ReturnType<typeof whenServerHas>>;
  if (ms <= 0) return Promise.resolve({ outcome: 'waiting' });
  return new Promise<Outcome>((resolve) => {
    let seen = false;
    let done = false;
    let sub: { unsubscribe(): void } | null = null;
    const finish = (outcome: Outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // Unsubscribing inside the first emission: the subscription may not be assigned yet.
      queueMicrotask(() => sub?.unsubscribe());
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ outcome: 'waiting' }), ms);
    sub = outbox.watch(table, docId).subscribe((entry) => {
      if (!entry) {
        if (seen) finish({ outcome: 'landed' });
        return;
      }
      seen = true;
      const found = refusedFields(entry);
      if (found) finish({ outcome: 'refused', refusal: found });
    });
    if (done) sub.unsubscribe();
  });
}
