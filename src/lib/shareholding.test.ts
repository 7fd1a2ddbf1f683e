import { describe, expect, it } from 'vitest';
import { isAssessmentUnlocked } from './shareholding';

describe('the assessment unlock rule', () => {
  it('unlocks agent assessments only when the first status has payment received and shares issued', () => {
    expect(isAssessmentUnlocked([])).toBe(false);
    expect(isAssessmentUnlocked([{ payment_received: true }])).toBe(false);
    expect(isAssessmentUnlocked([{ payment_received: true, shares_issued: true }])).toBe(true);
    expect(
      isAssessmentUnlocked([
        { payment_received: false, shares_issued: false },
        { payment_received: true, shares_issued: true },
      ]),
    ).toBe(false);
  });
});
