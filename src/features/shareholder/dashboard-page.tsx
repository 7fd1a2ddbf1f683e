import type { ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { useRefusal } from '../../data/refusals';
import { reopenSubscription, useSubscriptions } from '../../data/subscriptions';
import { useUserData, type UserData } from '../../data/user-data';
import { Button } from '../../ui/button';
import { formatAmount as money, formatLongDate } from '../../lib/format';
import { serverNow } from '../../lib/server-clock';
import { isAssessmentUnlocked, LOCKED_SUMMARY } from '../../lib/shareholding';
import { buttonRecipe } from '../../ui/button';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { CollapsibleSection } from '../../ui/collapsible-section';
import { LoadingStatus } from '../../ui/loading-status';
import { PageContainer } from '../../ui/page-container';
import { AgreementDialog } from './agreement-dialog';
import { AgentAssessmentSection, LockedIcon } from './assessment-section';
import { CoolingOffBanner } from './cooling-off-banner';
import { DownloadAgreement, useAgreementCopyReady } from './download-agreement';
import { PaymentInstructions } from './payment-instructions';
import { ShareholderHeader, headerStyles } from './shareholder-header';
import { SignedElsewhereNotice } from './signed-elsewhere';
import { subscriptionRefusalWords } from './subscription-form';
import {
  agreementStatusLines,
  cancelledStatusLines,
  coolingOffDaysRemaining,
  coolingOffEnds,
  refundBy,
  refundSentence,
} from './subscription';
import { Figures } from '../../ui/figures';

const styles = {
  page: css({ display: 'grid', gap: '4', alignContent: 'start', maxW: '56rem' }),
  banner: css({ p: '4', borderRadius: 'lg', borderWidth: '1px', display: 'grid', gap: '2' }),
  welcome: css({ bg: 'primary.subtle', borderColor: 'brand.200' }),
  info: css({ bg: 'bg.muted', borderColor: 'border.strong' }),
  refused: css({ bg: 'danger.subtle', borderColor: 'danger.border', justifyItems: 'start' }),
  bannerTitle: css({ fontWeight: 'bold', fontFamily: 'heading', fontSize: 'lg' }),
  status: css({ display: 'grid', gap: '2' }),
  // Label and value on one line when they fit, else the value on the next line, right-aligned:
  // neither breaks inside ('Share / Certificate' at 390 px).
  statusRow: css({
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    columnGap: '3',
    rowGap: '1',
    '& > span': { whiteSpace: 'nowrap' },
    '& > span:last-child': { ml: 'auto' },
    p: '3',
    borderRadius: 'md',
    bg: 'bg.muted',
  }),
  done: css({ color: 'success.text', fontWeight: 'semibold' }),
  waiting: css({ color: 'fg.muted', fontWeight: 'semibold' }),
};

/** /shareholder/dashboard: the subscriber's subscription, read from this device (works offline). */
export function ShareholderDashboard({ signOut }: { signOut: ReactNode }) {
  const data = useUserData();
  const view = useSubscriptions(data);
  useAgreementCopyReady(Boolean(view.signed));
  if (!data || view.loading) {
    return (
      <>
        <ShareholderHeader signOut={signOut} />
        <LoadingStatus />
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
  // Counted on the server's clock, as the server decides when cancelling ends (a device's may be off).
  const days = sub.status === 'signed' && effective ? coolingOffDaysRemaining(effective, serverNow()) : 0;
  const deadline =
    status?.cancellation_deadline ?? (effective ? coolingOffEnds(effective).toISOString().slice(0, 10) : null);
  const unlocked = isAssessmentUnlocked(view.statuses);
  // Cancelled: nothing is due and nothing more happens, so no payment request and no locked tool.
  const cancelled = sub.status === 'cancelled';
  const paid = Boolean(status?.payment_received);
  const statusLines = cancelled
    ? cancelledStatusLines(status, sub.cancelled_at ? formatLongDate(sub.cancelled_at) : 'Cancelled')
    : agreementStatusLines(status);

  return (
    <>
      <ShareholderHeader signOut={signOut}>
        <span className={headerStyles.name}>{name}</span>
        {effective ? <span>Effective {formatLongDate(effective)}</span> : null}
      </ShareholderHeader>
      <PageContainer className={styles.page}>
        <div className={cx(styles.banner, styles.welcome)}>
          <h1 className={styles.bannerTitle}>Welcome back, {name}</h1>
          <p>Here is where your share subscription stands.</p>
        </div>
        {view.signedPending ? <PendingSubscription data={data} id={sub.id} /> : null}
        <SignedElsewhereNotice data={data} sub={sub} />
        {cancelled ? (
          <div className={cx(styles.banner, styles.info)} role="status">
            <p>You cancelled this subscription{sub.cancelled_at ? ` on ${formatLongDate(sub.cancelled_at)}` : ''}.</p>
            <p>
              {refundSentence(
                paid,
                money(sub.total_amount ?? 0),
                sub.cancelled_at ? formatLongDate(refundBy(sub.cancelled_at).toISOString()) : null,
              )}
            </p>
          </div>
        ) : null}
        {days > 0 && deadline ? (
          <CoolingOffBanner
            days={days}
            deadline={deadline}
            subscriptionId={sub.id}
            onCancelled={() => data.engine.reSync()}
          />
        ) : null}

        {cancelled ? null : (
          // Locked, it stays in the spec's place but closed: one line says why, the tool waits inside.
          <CollapsibleSection
            // Unlocked while the page is open (the payment synced in): it opens, as it would have.
            key={String(unlocked)}
            title={<>{unlocked ? null : <LockedIcon />}Agent Assessment</>}
            summary={unlocked ? undefined : LOCKED_SUMMARY}
            defaultOpen={unlocked}
          >
            <AgentAssessmentSection unlocked={unlocked} />
          </CollapsibleSection>
        )}

        <CollapsibleSection title="Investment Overview" defaultOpen>
          <Figures>
            <dt>Number of shares</dt>
            <dd>{sub.number_of_shares.toLocaleString('en-GB')}</dd>
            <dt>Price per share</dt>
            <dd>{money(sub.subscription_price)}</dd>
            <dt>Total</dt>
            <dd>{money(sub.total_amount)}</dd>
          </Figures>
        </CollapsibleSection>

        <CollapsibleSection title="Subscription Status" defaultOpen>
          <ul className={styles.status} aria-label="Agreement status">
            {statusLines.map((line) => (
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

        {cancelled ? null : (
          <CollapsibleSection title="Payment Instructions">
            <PaymentInstructions total={sub.total_amount ?? 0} name={name} reference={sub.payment_reference ?? null} />
          </CollapsibleSection>
        )}

        <CollapsibleSection title="Subscription Details">
          <Figures>
            <dt>Subscriber</dt>
            <dd>{name}</dd>
            <dt>Email</dt>
            <dd>{sub.subscriber_email}</dd>
            <dt>Payment reference</dt>
            <dd>{sub.payment_reference ?? 'Given when your subscription reaches us'}</dd>
            <dt>Effective date</dt>
            <dd>{effective ? formatLongDate(effective) : 'Set when your subscription reaches us'}</dd>
            <dt>Signed on</dt>
            <dd>{sub.signature_timestamp ? formatLongDate(sub.signature_timestamp) : '—'}</dd>
            <dt>Cooling-off deadline</dt>
            <dd>{deadline ? formatLongDate(deadline) : '—'}</dd>
          </Figures>
        </CollapsibleSection>

        <CollapsibleSection title="Contact Information">
          <Figures>
            <dt>Address</dt>
            <dd>{sub.subscriber_address}</dd>
            {sub.subscriber_phone ? (
              <>
                <dt>Phone</dt>
                <dd>{sub.subscriber_phone}</dd>
              </>
            ) : null}
          </Figures>
        </CollapsibleSection>

        <CollapsibleSection title="Documents & Actions">
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
            <AgreementDialog subscription={sub} deadline={deadline} />
            <DownloadAgreement subscription={sub} deadline={deadline} />
          </div>
        </CollapsibleSection>
      </PageContainer>
    </>
  );
}

/**
 * A subscription signed on this device that the server does not have yet: on its way, or refused
 * (then it says why and reopens it to correct, instead of waiting for ever).
 */
function PendingSubscription({ data, id }: { data: UserData; id: string }) {
  const navigate = useNavigate();
  const refusal = useRefusal(data.outbox, 'share_subscriptions', id);
  if (!refusal) {
    return (
      <div className={cx(styles.banner, styles.info)} role="status">
        Your subscription is completed on this device and will be submitted when you are back online.
      </div>
    );
  }
  return (
    <div className={cx(styles.banner, styles.refused)} role="alert">
      <p>We could not accept your subscription: {subscriptionRefusalWords(refusal)}.</p>
      <Button
        type="button"
        variant="secondary"
        onClick={() => void reopenSubscription(data, id).then(() => navigate({ to: '/shareholder/subscribe' }))}
      >
        Correct and sign again
      </Button>
    </div>
  );
}
