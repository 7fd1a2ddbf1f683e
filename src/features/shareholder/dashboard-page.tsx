import { useState, type ReactNode } from 'react';
import { Dialog, Portal } from '@ark-ui/react';
import { Link } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import { useSubscriptions } from '../../data/subscriptions';
import { useUserData } from '../../data/user-data';
import { COMPANY_SIGNATORY } from '../../lib/company';
import { formatAmount as money } from '../../lib/format';
import { isAssessmentUnlocked, LOCKED_MESSAGE } from '../../lib/shareholding';
import { isOnline, needsConnection } from '../../lib/online';
import { supabase } from '../../lib/supabase';
import { toast } from '../../lib/toast';
import { Button, buttonRecipe } from '../../ui/button';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { CollapsibleSection } from '../../ui/collapsible-section';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PageContainer } from '../../ui/page-container';
import { agreementText } from './agreement';
import { ShareholderHeader, headerStyles } from './shareholder-header';
import { PaymentInstructions } from './subscribe-wizard';
import { agreementStatusLines, coolingOffDaysRemaining, coolingOffEnds, shownReference } from './subscription';

const longDate = (d: Date | string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    typeof d === 'string' ? new Date(d) : d,
  );

const styles = {
  page: css({ display: 'grid', gap: '4', alignContent: 'start', maxW: '56rem' }),
  banner: css({ p: '4', borderRadius: 'lg', borderWidth: '1px', display: 'grid', gap: '2' }),
  welcome: css({ bg: 'primary.subtle', borderColor: 'brand.200' }),
  info: css({ bg: 'bg.muted', borderColor: 'border.strong' }),
  coolingOff: css({ bg: 'yellow.50', borderColor: 'yellow.600' }),
  bannerTitle: css({ fontWeight: 'bold', fontFamily: 'heading', fontSize: 'lg' }),
  figures: css({
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    gap: '2',
    columnGap: '6',
    '& dt': { color: 'fg.muted' },
    '& dd': { fontWeight: 'semibold', overflowWrap: 'anywhere' },
  }),
  status: css({ display: 'grid', gap: '2' }),
  statusRow: css({
    display: 'flex',
    justifyContent: 'space-between',
    gap: '3',
    p: '3',
    borderRadius: 'md',
    bg: 'bg.muted',
  }),
  done: css({ color: 'green.700', fontWeight: 'semibold' }),
  waiting: css({ color: 'fg.muted', fontWeight: 'semibold' }),
  locked: css({ opacity: 0.55 }),
  tiles: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '3' }),
  tile: css({
    p: '4',
    borderRadius: 'lg',
    borderWidth: '1px',
    borderColor: 'border',
    display: 'grid',
    gap: '1',
    textDecoration: 'none',
    color: 'fg',
  }),
  tileTitle: css({ fontWeight: 'bold' }),
  warning: css({ display: 'flex', gap: '2', alignItems: 'flex-start', color: 'danger.hover', fontSize: 'sm' }),
  backdrop: css({ position: 'fixed', inset: '0', zIndex: 'overlay', bg: 'black/50' }),
  positioner: css({
    position: 'fixed',
    inset: '0',
    zIndex: 'modal',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    p: '4',
  }),
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
  companySignature: css({ fontFamily: 'cursive', fontSize: '2xl', h: '24', display: 'grid', placeItems: 'center' }),
  evidence: css({ fontSize: 'xs', color: 'fg.muted', overflowWrap: 'anywhere', display: 'grid', gap: '1' }),
};

/** /shareholder/dashboard: the subscriber's subscription, read from this device (works offline). */
export function ShareholderDashboard({ signOut }: { signOut: ReactNode }) {
  const data = useUserData();
  const view = useSubscriptions(data);
  if (!data || view.loading) {
    return (
      <>
        <ShareholderHeader signOut={signOut} />
        <p role="status" className={css({ p: '8', textAlign: 'center', color: 'fg.muted' })}>
          Loading...
        </p>
      </>
    );
  }
  const sub = view.signed;
  if (!sub) {
    return (
      <>
        <ShareholderHeader signOut={signOut} />
        <PageContainer>
          <Card className={css({ display: 'grid', gap: '4', justifyItems: 'start', maxW: '32rem', mx: 'auto' })}>
            <CardTitle>No Active Subscription</CardTitle>
            <CardDescription>You have not completed a share subscription yet.</CardDescription>
            <Link to="/shareholder/subscribe" className={buttonRecipe()}>
              Start Your Subscription
            </Link>
          </Card>
        </PageContainer>
      </>
    );
  }

  const status = view.statuses[0] ?? null;
  const name = sub.subscriber_name ?? '';
  const effective = sub.effective_date ?? '';
  const days = sub.status === 'signed' && effective ? coolingOffDaysRemaining(effective, new Date()) : 0;
  const deadline =
    status?.cancellation_deadline ?? (effective ? coolingOffEnds(effective).toISOString().slice(0, 10) : null);
  const unlocked = isAssessmentUnlocked(view.statuses);

  return (
    <>
      <ShareholderHeader signOut={signOut}>
        <span className={headerStyles.name}>{name}</span>
        {effective ? <span>Effective {longDate(effective)}</span> : null}
      </ShareholderHeader>
      <PageContainer className={styles.page}>
        <div className={cx(styles.banner, styles.welcome)}>
          <p className={styles.bannerTitle}>Welcome back, {name}</p>
          <p>Here is where your share subscription stands.</p>
        </div>
        {view.signedPending ? (
          <div className={cx(styles.banner, styles.info)} role="status">
            Your subscription is completed on this device and will be submitted when you are back online.
          </div>
        ) : null}
        {sub.status === 'cancelled' ? (
          <div className={cx(styles.banner, styles.info)} role="status">
            You cancelled this subscription{sub.cancelled_at ? ` on ${longDate(sub.cancelled_at)}` : ''}.
          </div>
        ) : null}
        {days > 0 && deadline ? (
          <CoolingOff days={days} deadline={deadline} subscriptionId={sub.id} onDone={() => data.engine.reSync()} />
        ) : null}

        <CollapsibleSection title={<>{unlocked ? null : <WarningIcon />}Agent Assessment</>} defaultOpen>
          <AgentAssessmentSection unlocked={unlocked} />
        </CollapsibleSection>

        <CollapsibleSection title="Investment Overview" defaultOpen>
          <dl className={styles.figures}>
            <dt>Number of shares</dt>
            <dd>{sub.number_of_shares.toLocaleString('en-GB')}</dd>
            <dt>Price per share</dt>
            <dd>{money(sub.subscription_price)}</dd>
            <dt>Total</dt>
            <dd>{money(sub.total_amount)}</dd>
          </dl>
        </CollapsibleSection>

        <CollapsibleSection title="Subscription Status" defaultOpen>
          <ul className={styles.status} aria-label="Agreement status">
            {agreementStatusLines(status).map((line) => (
              <li key={line.label} className={styles.statusRow}>
                <span>{line.label}</span>
                <span className={line.complete ? styles.done : styles.waiting}>
                  {line.complete ? '✓ ' : ''}
                  {line.value}
                </span>
              </li>
            ))}
          </ul>
        </CollapsibleSection>

        <CollapsibleSection title="Payment Instructions">
          <PaymentInstructions
            total={sub.total_amount ?? 0}
            name={name}
            reference={shownReference(sub.payment_reference)}
          />
        </CollapsibleSection>

        <CollapsibleSection title="Subscription Details">
          <dl className={styles.figures}>
            <dt>Subscriber</dt>
            <dd>{name}</dd>
            <dt>Email</dt>
            <dd>{sub.subscriber_email}</dd>
            <dt>Payment reference</dt>
            <dd>{shownReference(sub.payment_reference)}</dd>
            <dt>Effective date</dt>
            <dd>{effective ? longDate(effective) : '—'}</dd>
            <dt>Signed on</dt>
            <dd>{sub.signature_timestamp ? longDate(sub.signature_timestamp) : '—'}</dd>
            <dt>Cooling-off deadline</dt>
            <dd>{deadline ? longDate(deadline) : '—'}</dd>
          </dl>
        </CollapsibleSection>

        <CollapsibleSection title="Contact Information">
          <dl className={styles.figures}>
            <dt>Address</dt>
            <dd>{sub.subscriber_address}</dd>
            {sub.subscriber_phone ? (
              <>
                <dt>Phone</dt>
                <dd>{sub.subscriber_phone}</dd>
              </>
            ) : null}
          </dl>
        </CollapsibleSection>

        <CollapsibleSection title="Documents & Actions">
          <AgreementDialog subscription={sub} />
        </CollapsibleSection>
      </PageContainer>
    </>
  );
}

function WarningIcon() {
  return (
    <span role="img" aria-label="Locked" className={css({ color: 'yellow.600' })}>
      ⚠
    </span>
  );
}

function AgentAssessmentSection({ unlocked }: { unlocked: boolean }) {
  const tiles = (
    <div className={styles.tiles}>
      {(
        [
          ['Assessment Forms', 'Create custom forms'],
          ['Analytics', 'View responses'],
        ] as const
      ).map(([title, text]) =>
        unlocked ? (
          <Link key={title} to="/create-assessment" className={styles.tile}>
            <span className={styles.tileTitle}>{title}</span>
            <span>{text}</span>
          </Link>
        ) : (
          <div key={title} className={cx(styles.tile, styles.locked)} aria-disabled="true">
            <span className={styles.tileTitle}>{title}</span>
            <span>{text}</span>
          </div>
        ),
      )}
    </div>
  );
  return (
    <>
      <p>Create and manage assessments for estate agents to evaluate their AI readiness and business needs.</p>
      {unlocked ? (
        <Link to="/create-assessment" className={buttonRecipe()}>
          Create New Assessment
        </Link>
      ) : (
        <>
          <p className={styles.warning} role="note">
            <WarningIcon />
            {LOCKED_MESSAGE}
          </p>
          <Button disabled className={styles.locked}>
            Create New Assessment
          </Button>
        </>
      )}
      {tiles}
    </>
  );
}

function CoolingOff({
  days,
  deadline,
  subscriptionId,
  onDone,
}: {
  days: number;
  deadline: string;
  subscriptionId: string;
  onDone: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function cancel() {
    if (!isOnline()) {
      toast.error('Error', needsConnection('Cancelling a subscription'));
      setAsking(false);
      return;
    }
    setBusy(true);
    // Online only: the server decides against its own clock whether cooling-off has ended.
    const { error } = await supabase
      .from('share_subscriptions')
      .update({ status: 'cancelled' })
      .eq('id', subscriptionId);
    setBusy(false);
    setAsking(false);
    if (error) {
      toast.error('Error', error.message.replace(/^[a-z0-9_]+: /, ''));
      return;
    }
    toast.success('Subscription cancelled', 'Your subscription has been cancelled within the cooling-off period.');
    onDone();
  }

  return (
    <div className={cx(styles.banner, styles.coolingOff)}>
      <p className={styles.bannerTitle}>
        Cooling-off period: {days} {days === 1 ? 'day' : 'days'} remaining
      </p>
      <p>You may cancel this subscription until {longDate(deadline)}.</p>
      <div>
        <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
          Cancel subscription
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title="Cancel your subscription?"
        description="Your share subscription will be cancelled. This cannot be undone."
        cancelLabel="Keep my subscription"
        confirmLabel="Cancel subscription"
        destructive
        busy={busy}
        onCancel={() => setAsking(false)}
        onConfirm={() => void cancel()}
      />
    </div>
  );
}

function AgreementDialog({ subscription }: { subscription: ShareSubscriptionDoc }) {
  return (
    <Dialog.Root lazyMount unmountOnExit>
      <Dialog.Trigger className={buttonRecipe({ variant: 'secondary' })}>View Agreement</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
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
                    ? `Signed ${new Date(subscription.signature_timestamp).toUTCString()}`
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
            <Dialog.CloseTrigger className={buttonRecipe({ variant: 'secondary' })}>Close</Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
