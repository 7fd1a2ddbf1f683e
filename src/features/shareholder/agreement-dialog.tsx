import { Dialog, Portal } from '@ark-ui/react';
import { css } from 'styled-system/css';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import { COMPANY_SIGNATORY } from '../../lib/company';
import { formatLongDateTime } from '../../lib/format';
import { buttonRecipe } from '../../ui/button';
import { agreementText } from './agreement';
import { DownloadAgreement } from './download-agreement';
import { dialogBackdrop, dialogPositioner } from '../../ui/overlay';

const styles = {
  dialog: css({
    w: 'full',
    maxW: '44rem',
    maxH: '90vh',
    overflowY: 'auto',
    p: { base: '5', md: '8' },
    bg: 'bg.surface',
    borderRadius: 'xl',
    boxShadow: 'lg',
    display: 'grid',
    gap: '4',
  }),
  agreement: css({ whiteSpace: 'pre-wrap', fontFamily: 'body', fontSize: 'sm', lineHeight: 'relaxed' }),
  signatures: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' }),
  signatureBox: css({
    display: 'grid',
    gap: '1',
    p: '3',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'md',
  }),
  signatureImage: css({ h: '24', objectFit: 'contain', bg: 'white' }),
  companySignature: css({ fontFamily: 'hand', fontSize: '3xl', h: '24', display: 'grid', placeItems: 'center' }),
  evidence: css({ fontSize: 'xs', color: 'fg.muted', overflowWrap: 'anywhere', display: 'grid', gap: '1' }),
};

/** 'View Agreement': the full agreement, both signatures and the signing evidence. */
export function AgreementDialog({
  subscription,
  deadline,
}: {
  subscription: ShareSubscriptionDoc;
  deadline: string | null;
}) {
  return (
    <Dialog.Root lazyMount unmountOnExit>
      <Dialog.Trigger className={buttonRecipe({ variant: 'secondary' })}>View Agreement</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop className={dialogBackdrop} />
        <Dialog.Positioner className={dialogPositioner({ placement: 'center' })}>
          <Dialog.Content className={styles.dialog}>
            <Dialog.Title className={css({ fontFamily: 'heading', fontSize: 'xl', fontWeight: 'bold' })}>
              Share Subscription Agreement
            </Dialog.Title>
            <Dialog.Description className={styles.agreement} data-testid="agreement-text">
              {agreementText(subscription)}
            </Dialog.Description>
            <div className={styles.signatures}>
              <div className={styles.signatureBox}>
                {subscription.signature_data ? (
                  <img
                    src={subscription.signature_data}
                    alt="Subscriber's signature"
                    className={styles.signatureImage}
                  />
                ) : null}
                <span>{subscription.subscriber_name}, Subscriber</span>
                <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                  {subscription.signature_timestamp
                    ? `Signed ${formatLongDateTime(subscription.signature_timestamp)}`
                    : null}
                </span>
              </div>
              <div className={styles.signatureBox}>
                <span className={styles.companySignature} aria-label="Company signature">
                  Chloe
                </span>
                <span>
                  {COMPANY_SIGNATORY.name}, {COMPANY_SIGNATORY.role}
                </span>
              </div>
            </div>
            <div className={styles.evidence}>
              <span>
                <strong>Signature fingerprint (SHA-256):</strong>{' '}
                <span data-testid="signature-hash">
                  {subscription.signature_hash ?? 'recorded when the subscription reaches the server'}
                </span>
              </span>
              {subscription.signed_user_agent ? <span>Signed with: {subscription.signed_user_agent}</span> : null}
            </div>
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
              <DownloadAgreement subscription={subscription} deadline={deadline} />
              <Dialog.CloseTrigger className={buttonRecipe({ variant: 'secondary' })}>Close</Dialog.CloseTrigger>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
