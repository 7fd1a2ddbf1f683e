// The share subscription agreement: the one text that is signed. Postgres renders the same text
// (share_agreement_text, in supabase/schemas/shareholder/10-agreement.sql) and hashes it with the
// signature on signing; tests/integration/shareholder/shareholder.test.ts checks they agree.

export interface AgreementTerms {
  subscriber_name?: string | null;
  subscriber_address?: string | null;
  subscriber_email?: string | null;
  effective_date?: string | null;
  payment_reference?: string | null;
  number_of_shares: number;
  subscription_price: number;
  total_amount: number;
  /** 'drawn' (the default, and every row signed before the choice existed) or 'typed'. */
  signature_method?: string | null;
}

import { formatLongDate } from '../../lib/format';

const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const money = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function agreementText(t: AgreementTerms): string {
  return [
    'SHARE SUBSCRIPTION AGREEMENT',
    '',
    `Subscriber: ${t.subscriber_name ?? ''}`,
    `Address: ${t.subscriber_address ?? ''}`,
    `Email: ${t.subscriber_email ?? ''}`,
    `Effective date: ${t.effective_date ? formatLongDate(t.effective_date) : ''}`,
    `Payment reference: ${t.payment_reference ?? ''}`,
    '',
    `1. Shares. The Subscriber subscribes for ${whole.format(t.number_of_shares)} Class A ordinary shares of £0.0001 nominal value each in the Company, at a subscription price of £${money.format(t.subscription_price)} per share, a total of £${money.format(t.total_amount)}.`,
    '2. Payment. The Subscriber will pay the total by bank transfer quoting the payment reference. Payments are usually processed within 1-2 business days.',
    '3. Cooling-off. The Subscriber may cancel this subscription within 10 days of the effective date. After 10 days the Company may cancel the subscription if payment has not been received.',
    '4. Share certificate. The Company will issue a share certificate within 3 working days of the payment clearing.',
    '5. EIS. The Company intends to seek Enterprise Investment Scheme (EIS) relief and will send the EIS documentation once the shares are issued. The Subscriber understands that tax relief is not guaranteed and depends on their own circumstances.',
    '6. Risk. The Subscriber understands that investing in an early-stage company puts the whole investment at risk, that the shares are illiquid, and that any dividend is unlikely.',
    '',
    t.signature_method === 'typed'
      ? 'Signed electronically by the Subscriber, who typed their name as their signature.'
      : 'Signed electronically by the Subscriber with a drawn signature.',
  ].join('\n');
}
