import { describe, expect, it } from 'vitest';
import { signedElsewhereSentence } from './signed-elsewhere';

const signed = { status: 'signed' as const, signature_timestamp: '2026-11-24T10:02:00Z', cancelled_at: null };

describe('signedElsewhereSentence', () => {
  it('says when it was signed and which of the later changes were kept, in words', () => {
    expect(signedElsewhereSentence(signed, ['subscriber_name'])).toBe(
      'This subscription was signed on another device on 24 November 2026 at 10:02 GMT; your later changes to the name were kept in Sync details.',
    );
    expect(signedElsewhereSentence(signed, ['number_of_shares', 'total_amount', 'subscriber_address', 'x_y'])).toBe(
      'This subscription was signed on another device on 24 November 2026 at 10:02 GMT; your later changes to the number of shares, the address and other details were kept in Sync details.',
    );
  });

  it('without later changes, and for a cancellation', () => {
    expect(signedElsewhereSentence(signed, [])).toBe(
      'This subscription was signed on another device on 24 November 2026 at 10:02 GMT.',
    );
    expect(
      signedElsewhereSentence(
        { status: 'cancelled', signature_timestamp: null, cancelled_at: '2026-11-24T11:00:00Z' },
        [],
      ),
    ).toBe('This subscription was cancelled on another device on 24 November 2026 at 11:00 GMT.');
  });
});
