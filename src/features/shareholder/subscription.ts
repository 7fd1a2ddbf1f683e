// The rules of the share subscription (docs/product/subscription.md), as pure functions: the
// wizard, the dashboard and the tests share them. The database enforces the same numbers (migration
// 20261122000004).
import { MIN_SHARES, SHARE_PRICE, SHARE_STEP } from '../../lib/shareholding';

export const COOLING_OFF_DAYS = 10;
export const MIN_SHARES_MESSAGE = 'Minimum purchase is 5,000 shares';
const DAY_MS = 24 * 60 * 60 * 1000;

export const STEPS = [
  'Personal Details',
  'Investment Details',
  'Legal Confirmations',
  'Digital Signature',
  'Payment Instructions',
] as const;

export interface DraftLike {
  subscriber_name?: string | null;
  subscriber_address?: string | null;
  signature_data?: string | null;
}

const filled = (v: string | null | undefined) => (v ?? '').trim() !== '';

/** Where a resumed draft opens (1-based): signature → 5; name and address → 3; name → 2; else 1. */
export function resumeStep(draft: DraftLike | null | undefined): number {
  if (!draft) return 1;
  if (filled(draft.signature_data)) return 5;
  if (filled(draft.subscriber_name) && filled(draft.subscriber_address)) return 3;
  if (filled(draft.subscriber_name)) return 2;
  return 1;
}

/**
 * The number of shares from what was typed: below 5,000 or not a number is raised to 5,000 (and
 * says so); otherwise rounded to a whole step of 1,000 (the field steps by 1,000, the database
 * refuses anything else).
 */
export function normaliseShares(input: string | number): { shares: number; message: string | null } {
  const n = typeof input === 'number' ? input : Number(String(input).replace(/[,\s]/g, ''));
  if (!Number.isFinite(n) || n < MIN_SHARES) return { shares: MIN_SHARES, message: MIN_SHARES_MESSAGE };
  return { shares: Math.round(n / SHARE_STEP) * SHARE_STEP, message: null };
}

/**
 * Said when what was typed is not a whole step of 1,000 shares: '5,500 shares becomes 6,000:
 * shares come in steps of 1,000.' Null when it is one, or when the minimum message says it.
 */
export function roundingNote(input: string): string | null {
  const n = Number(String(input).replace(/[,\s]/g, ''));
  if (!Number.isFinite(n) || n < MIN_SHARES) return null;
  const { shares } = normaliseShares(n);
  if (shares === n) return null;
  const en = (x: number) => x.toLocaleString('en-GB');
  return `${en(n)} shares becomes ${en(shares)}: shares come in steps of ${en(SHARE_STEP)}.`;
}

/** Total in pounds; the price is £1.25 everywhere (a missing price is never read as 1). */
export const totalFor = (shares: number) => Math.round(shares * SHARE_PRICE * 100) / 100;

/** The end of cooling-off: midnight UTC starting effective date + 10 days (as the server counts). */
export function coolingOffEnds(effectiveDate: string): Date {
  const [y, m, d] = effectiveDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + COOLING_OFF_DAYS));
}

/** Whole days left, rounded up; 0 once it has ended. */
export function coolingOffDaysRemaining(effectiveDate: string, now: Date): number {
  return Math.max(0, Math.ceil((coolingOffEnds(effectiveDate).getTime() - now.getTime()) / DAY_MS));
}

export interface AgreementFlags {
  agreement_signed?: boolean | null;
  payment_received?: boolean | null;
  shares_issued?: boolean | null;
  share_certificate_issued?: boolean | null;
  eis_documentation_sent?: boolean | null;
}

export interface StatusLine {
  label: string;
  value: string;
  complete: boolean;
}

/** The dashboard's status lines (docs/product/subscription.md#agreement-status). */
export function agreementStatusLines(s: AgreementFlags | null | undefined): StatusLine[] {
  const line = (label: string, complete: boolean, otherwise: string): StatusLine => ({
    label,
    complete,
    value: complete ? 'Complete' : otherwise,
  });
  const paid = Boolean(s?.payment_received);
  const issued = Boolean(s?.shares_issued);
  const certificate = Boolean(s?.share_certificate_issued);
  // The spec's words while the step before is missing; once it is done, the line waits for its own
  // step ('Pending'), not for one already complete.
  return [
    line('Agreement Signed', true, 'Complete'),
    line('Payment Received', paid, 'Pending'),
    line('Shares Issued', issued, paid ? 'Pending' : 'Awaiting Payment'),
    line('Share Certificate', certificate, !paid ? 'Awaiting Payment' : !issued ? 'Awaiting Shares' : 'Pending'),
    line('EIS Documentation', Boolean(s?.eis_documentation_sent), certificate ? 'Pending' : 'Awaiting Certificate'),
  ];
}

/** Days within which money sent for a cancelled subscription is returned (ours: the spec is silent). */
export const REFUND_DAYS = 14;

/** A cancelled subscription's status lines: nothing more happens to it, and nothing is due. */
export function cancelledStatusLines(s: AgreementFlags | null | undefined, cancelledOn: string): StatusLine[] {
  const paid = Boolean(s?.payment_received);
  return [
    { label: 'Agreement Signed', value: 'Complete', complete: true },
    { label: 'Subscription Cancelled', value: cancelledOn, complete: true },
    { label: 'Payment', value: paid ? 'Being returned' : 'Not due', complete: false },
  ];
}

/**
 * What happens to money after a cancellation: returned in full to the account it came from,
 * within REFUND_DAYS of the cancellation if it had reached us, or of its arrival if it comes after.
 */
export function refundSentence(paid: boolean, amount: string, returnBy: string | null): string {
  if (paid) {
    return `We received your payment of ${amount}: it is returned in full to the account it came from${returnBy ? ` by ${returnBy}` : ` within ${REFUND_DAYS} days`}.`;
  }
  return `No payment is due. If you sent one, it is returned in full to the account it came from within ${REFUND_DAYS} days of reaching us.`;
}

/** The last day money already received is returned by: REFUND_DAYS after the cancellation. */
export function refundBy(cancelledAt: string): Date {
  return new Date(new Date(cancelledAt).getTime() + REFUND_DAYS * DAY_MS);
}
