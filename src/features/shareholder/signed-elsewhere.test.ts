import { describe, expect, it } from 'vitest';
import { signedElsewhereSentence } from './signed-elsewhere';

const signed = { status: 'signed' as const, signature_timestamp: '2026-11-24T10:02:00Z', cancelled_at: null };

describe('signedElsewhereSentence', () => {
  it('says when it was signed and what was typed here since, with the values, pointing nowhere else', () => {
    expect(signedElsewhereSentence(signed, [{ field: 'subscriber_name', local: 'Alice I.' }])).toBe(
      'This subscription was signed on another device on 24 November 2026 at 10:02 GMT, so what you typed here after that was not saved to it: the name (“Alice I.”).',
    );
    const kept = [
      { field: 'number_of_shares', local: 7000 },
      { field: 'total_amount', local: 8750 },
      { field: 'subscriber_address', local: '1 A Street' },
      { field: 'signature_data', local: 'data:image/png;base64,AA' },
      { field: 'x_y', local: 'z' },
    ];
    const sentence = signedElsewhereSentence(signed, kept);
    expect(sentence).toBe(
      'This subscription was signed on another device on 24 November 2026 at 10:02 GMT, so what you typed here after that was not saved to it: the number of shares (7,000), the address (“1 A Street”), the signature and other details.',
    );
    expect(sentence).not.toMatch(/Sync details/);
    // The total follows the shares: never named, in whatever order the log holds them.
    expect(
      signedElsewhereSentence(signed, [
        { field: 'total_amount', local: 11250 },
        { field: 'number_of_shares', local: 9000 },
      ]),
    ).toMatch(/: the number of shares \(9,000\)\.$/);
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
