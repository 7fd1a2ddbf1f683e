import { describe, expect, it } from 'vitest';
import { agreementStatusLines, coolingOffDaysRemaining, normaliseShares, resumeStep, totalFor } from './subscription';

describe('the subscription rules', () => {
  it('resumes a draft at the step its contents reach', () => {
    expect(resumeStep(null)).toBe(1);
    expect(resumeStep({})).toBe(1);
    expect(resumeStep({ subscriber_address: '1 High St' })).toBe(1);
    expect(resumeStep({ subscriber_name: 'Ada' })).toBe(2);
    expect(resumeStep({ subscriber_name: '  ', subscriber_address: '1 High St' })).toBe(1);
    expect(resumeStep({ subscriber_name: 'Ada', subscriber_address: '1 High St' })).toBe(3);
    expect(resumeStep({ signature_data: 'data:image/png;base64,x' })).toBe(5);
  });

  it('raises too few or non-numeric shares to 5,000 with the message, and keeps whole steps of 1,000', () => {
    expect(normaliseShares('4000')).toEqual({ shares: 5000, message: 'Minimum purchase is 5,000 shares' });
    expect(normaliseShares('lots')).toEqual({ shares: 5000, message: 'Minimum purchase is 5,000 shares' });
    expect(normaliseShares('')).toEqual({ shares: 5000, message: 'Minimum purchase is 5,000 shares' });
    expect(normaliseShares('5000')).toEqual({ shares: 5000, message: null });
    expect(normaliseShares('12,000')).toEqual({ shares: 12000, message: null });
    expect(normaliseShares(7400)).toEqual({ shares: 7000, message: null });
  });

  it('totals at £1.25 a share', () => {
    expect(totalFor(5000)).toBe(6250);
    expect(totalFor(8000)).toBe(10000);
    expect(totalFor(13000)).toBe(16250);
  });

  it('cooling-off days remaining are rounded up and end at 0', () => {
    const effective = '2026-11-23';
    expect(coolingOffDaysRemaining(effective, new Date('2026-11-23T09:00:00Z'))).toBe(10);
    expect(coolingOffDaysRemaining(effective, new Date('2026-12-02T23:59:00Z'))).toBe(1);
    expect(coolingOffDaysRemaining(effective, new Date('2026-12-03T00:00:00Z'))).toBe(0);
    expect(coolingOffDaysRemaining(effective, new Date('2027-01-01T00:00:00Z'))).toBe(0);
  });

  it('shows each line of the agreement status, complete or what it waits for', () => {
    const none = agreementStatusLines(null).map((l) => `${l.label}: ${l.value}`);
    expect(none).toEqual([
      'Agreement Signed: Complete',
      'Payment Received: Pending',
      'Shares Issued: Awaiting Payment',
      'Share Certificate: Awaiting Payment',
      'EIS Documentation: Awaiting Certificate',
    ]);
    // Each line says what it waits for now, never for a step already complete.
    const lines = (flags: Parameters<typeof agreementStatusLines>[0]) =>
      agreementStatusLines(flags)
        .map((l) => `${l.label}: ${l.value}`)
        .slice(2);
    const none4 = { shares_issued: false, share_certificate_issued: false, eis_documentation_sent: false };
    expect(lines({ ...none4, payment_received: true })).toEqual([
      'Shares Issued: Pending',
      'Share Certificate: Awaiting Shares',
      'EIS Documentation: Awaiting Certificate',
    ]);
    expect(lines({ ...none4, payment_received: true, shares_issued: true })).toEqual([
      'Shares Issued: Complete',
      'Share Certificate: Pending',
      'EIS Documentation: Awaiting Certificate',
    ]);
    expect(lines({ ...none4, payment_received: true, shares_issued: true, share_certificate_issued: true })).toEqual([
      'Shares Issued: Complete',
      'Share Certificate: Complete',
      'EIS Documentation: Pending',
    ]);
    const all = agreementStatusLines({
      payment_received: true,
      shares_issued: true,
      share_certificate_issued: true,
      eis_documentation_sent: true,
    });
    expect(all.every((l) => l.complete && l.value === 'Complete')).toBe(true);
  });
});
