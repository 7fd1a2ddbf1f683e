// A subscription signed (or cancelled) on another device while this one still had it open: the
// final view, and a sentence that says what happened to what was typed here since
// (docs/product/messages.md#sync).
import { useEffect, useState } from 'react';
import { css, cx } from 'styled-system/css';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import type { UserData } from '../../data/user-data';
import { formatLongDateTime } from '../../lib/format';

/** How a field is named in the sentence. */
const FIELD_WORDS: Record<string, string> = {
  subscriber_name: 'the name',
  subscriber_email: 'the email address',
  subscriber_address: 'the address',
  subscriber_phone: 'the phone number',
  number_of_shares: 'the number of shares',
  // Follows the number of shares.
  total_amount: 'the number of shares',
  signature_data: 'the signature',
};

const list = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/** 'This subscription was signed on another device on 24 November 2026 at 10:02 GMT; …' */
export function signedElsewhereSentence(
  sub: Pick<ShareSubscriptionDoc, 'status' | 'signature_timestamp' | 'cancelled_at'>,
  fields: readonly string[],
) {
  const cancelled = sub.status === 'cancelled';
  const when = cancelled ? sub.cancelled_at : sub.signature_timestamp;
  const what = `This subscription was ${cancelled ? 'cancelled' : 'signed'} on another device${when ? ` on ${formatLongDateTime(when)}` : ''}`;
  const named = [...new Set(fields.map((f) => FIELD_WORDS[f] ?? 'other details'))];
  return named.length ? `${what}; your later changes to ${list(named)} were kept in Sync details.` : `${what}.`;
}

/** The fields of `sub` whose values typed here after it was signed are in the conflict log, live. */
function useKeptAfterSigning(data: UserData, sub: ShareSubscriptionDoc): string[] {
  const [fields, setFields] = useState<string[]>([]);
  const signedAt = sub.signature_timestamp ? Date.parse(sub.signature_timestamp) : null;
  useEffect(() => {
    if (signedAt === null) return;
    const query = data.db.conflict_log.find({
      selector: { table: 'share_subscriptions', docId: sub.id, at: { $gte: signedAt } },
    });
    const s = query.$.subscribe((entries) => {
      setFields(entries.map((e) => e.field));
      // The sentence names them: they are seen, and the header need not ask for a review.
      void data.conflictLog.review(entries.filter((e) => !e.reviewed).map((e) => e.id));
    });
    return () => s.unsubscribe();
  }, [data, sub.id, signedAt]);
  return fields;
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
  const fields = useKeptAfterSigning(data, sub);
  if (fields.length === 0) return null;
  return (
    <p role="status" className={cx(styles, className)}>
      {signedElsewhereSentence(sub, fields)}
    </p>
  );
}
