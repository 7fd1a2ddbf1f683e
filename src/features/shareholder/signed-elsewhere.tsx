// A subscription signed (or cancelled) on another device while this one still had it open: the
// final view, and a sentence that says what happened to what was typed here since
// (docs/product/messages.md#sync).
import { useEffect, useState } from 'react';
import { css, cx } from 'styled-system/css';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import type { UserData } from '../../data/user-data';
import { formatLongDateTime } from '../../lib/format';
import { keptValueWords } from '../../ui/replaced-notice';

/** How a field is named in the sentence. */
const FIELD_WORDS: Record<string, string> = {
  subscriber_name: 'the name',
  subscriber_email: 'the email address',
  subscriber_address: 'the address',
  subscriber_phone: 'the phone number',
  number_of_shares: 'the number of shares',
  signature_data: 'the signature',
};

/** Fields that follow another (the total, the number of shares): named by it, never alone. */
const FOLLOWERS = new Set(['total_amount']);

const list = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/** A value typed here after the subscription became final elsewhere (the conflict log keeps it). */
export interface KeptAfter {
  field: string;
  local: unknown;
}

/**
 * 'This subscription was signed on another device on 24 November 2026 at 10:02 GMT; …' and what
 * became of the values typed here since, named with the values themselves: the page that says it
 * need not have Sync details.
 */
export function signedElsewhereSentence(
  sub: Pick<ShareSubscriptionDoc, 'status' | 'signature_timestamp' | 'cancelled_at'>,
  kept: readonly KeptAfter[],
) {
  const cancelled = sub.status === 'cancelled';
  const when = cancelled ? sub.cancelled_at : sub.signature_timestamp;
  const what = `This subscription was ${cancelled ? 'cancelled' : 'signed'} on another device${when ? ` on ${formatLongDateTime(when)}` : ''}`;
  const named = new Map<string, string>();
  for (const { field, local } of kept) {
    if (FOLLOWERS.has(field)) continue;
    const words = FIELD_WORDS[field] ?? 'other details';
    if (!named.has(words))
      named.set(
        words,
        words === 'other details' || field === 'signature_data' ? words : `${words} (${keptValueWords(local)})`,
      );
  }
  if (named.size === 0) return `${what}.`;
  return `${what}, so what you typed here after that was not saved to it: ${list([...named.values()])}.`;
}

/** The values of `sub` typed here after it was signed, as the conflict log keeps them, live. */
function useKeptAfterSigning(data: UserData, sub: ShareSubscriptionDoc): KeptAfter[] {
  const [kept, setKept] = useState<KeptAfter[]>([]);
  const signedAt = sub.signature_timestamp ? Date.parse(sub.signature_timestamp) : null;
  useEffect(() => {
    if (signedAt === null) return;
    const query = data.db.conflict_log.find({
      selector: { table: 'share_subscriptions', docId: sub.id, at: { $gte: signedAt } },
    });
    const s = query.$.subscribe((entries) => {
      setKept(entries.map((e) => ({ field: e.field, local: JSON.parse(e.local) as unknown })));
      // The sentence names them: they are seen, and the header need not ask for a review.
      void data.conflictLog.review(entries.filter((e) => !e.reviewed).map((e) => e.id));
    });
    return () => s.unsubscribe();
  }, [data, sub.id, signedAt]);
  return kept;
}

const styles = css({
  p: '4',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border',
  bg: 'bg.muted',
  overflowWrap: 'anywhere',
});

/** On the dashboard: what this device typed after the subscription was signed elsewhere. */
export function SignedElsewhereNotice({
  data,
  sub,
  className,
}: {
  data: UserData;
  sub: ShareSubscriptionDoc;
  className?: string;
}) {
  const kept = useKeptAfterSigning(data, sub);
  if (kept.length === 0) return null;
  return (
    <p role="status" className={cx(styles, className)}>
      {signedElsewhereSentence(sub, kept)}
    </p>
  );
}
