import { css } from 'styled-system/css';
import { copyToClipboard } from '../../lib/clipboard';
import { BANK_DETAILS } from '../../lib/company';
import { formatAmount as money } from '../../lib/format';
import { Button } from '../../ui/button';

const styles = {
  bank: css({ display: 'grid', gap: '2' }),
  row: css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    p: '3',
    borderRadius: 'md',
    bg: 'bg.muted',
  }),
  label: css({ fontSize: 'sm', color: 'fg.muted' }),
  value: css({ fontWeight: 'semibold', fontFamily: 'mono', overflowWrap: 'anywhere' }),
  hint: css({ fontSize: 'sm', color: 'fg.muted' }),
};

export const REFERENCE_PENDING =
  'Your payment reference appears here once your subscription has reached us (it needs a connection).';

/** Where and how to pay, with copy buttons: the wizard's last step and the dashboard. */
export function PaymentInstructions({
  total,
  name,
  reference,
}: {
  total: number;
  name: string;
  /** Made by the server with the draft; null until this device has heard back from it. */
  reference: string | null;
}) {
  const rows: [string, string | null][] = [
    ['Bank', BANK_DETAILS.bank],
    ['Account name', BANK_DETAILS.accountName],
    ['Sort code', BANK_DETAILS.sortCode],
    ['Account number', BANK_DETAILS.accountNumber],
    ['Amount', money(total || 0)],
    ['Payment reference', reference],
  ];
  return (
    <div className={styles.bank}>
      <p>
        Please pay {money(total || 0)} by bank transfer
        {name.trim() ? ` from an account in the name of ${name.trim()}` : ''}, quoting the payment reference.
      </p>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.row}>
          <div>
            <div className={styles.label}>{label}</div>
            {value === null ? (
              <div className={styles.hint}>{REFERENCE_PENDING}</div>
            ) : (
              <div className={styles.value}>{value}</div>
            )}
          </div>
          {value === null ? null : (
            <Button
              type="button"
              size="sm"
              variant="secondary"
              aria-label={`Copy ${label}`}
              onClick={() => void copyToClipboard(label, value)}
            >
              Copy
            </Button>
          )}
        </div>
      ))}
      <p className={styles.hint}>
        Payments are usually processed within 1-2 business days. Your share certificate is issued within 3 working days
        of your payment clearing.
      </p>
    </div>
  );
}
