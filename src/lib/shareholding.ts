// The terms of a shareholding that more than one layer needs: the share constants
// (docs/product/limits.md#subscription; the database enforces the same numbers, data/schemas
// validates with them) and the rule that unlocks agent assessments (the shareholder dashboard and
// /create-assessment both apply it).

export const MIN_SHARES = 5000;
export const SHARE_STEP = 1000;
export const SHARE_PRICE = 1.25;
/** The offer: 1 million shares opened; the database refuses more too. */
export const MAX_SHARES = 1_000_000;

export const LOCKED_MESSAGE =
  'Feature Locked: Agent Assessment will be unlocked once your payment is received and shares are issued.';

/** The closed section's one line (our words; the spec's sentence is inside). */
export const LOCKED_SUMMARY = 'Locked until your payment is received and shares are issued.';

interface UnlockFlags {
  payment_received?: boolean | null;
  shares_issued?: boolean | null;
}

/** Agent assessments unlock when the first agreement status has payment received and shares issued. */
export function isAssessmentUnlocked(statuses: readonly UnlockFlags[] | null | undefined): boolean {
  const first = statuses?.[0];
  return Boolean(first?.payment_received && first?.shares_issued);
}
