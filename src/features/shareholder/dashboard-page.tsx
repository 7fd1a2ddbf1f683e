import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { ShareAgreementStatusDoc, ShareSubscriptionDoc } from '../../data/schemas';
import { useSubscriptions } from '../../data/subscriptions';
import { useUserData } from '../../data/user-data';
import { formatLongDate } from '../../lib/format';
import { serverNow } from '../../lib/server-clock';
import { isAssessmentUnlocked } from '../../lib/shareholding';
import { buttonRecipe } from '../../ui/button';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { CollapsibleSection } from '../../ui/collapsible-section';
import { LoadingStatus } from '../../ui/loading-status';
import { PageContainer } from '../../ui/page-container';
import { AgreementDialog } from './agreement-dialog';
import { CancelledNotice, PendingSubscription, WelcomeBanner } from './dashboard-banners';
import {
  AgentAssessment,
  ContactInformation,
  InvestmentOverview,
  SubscriptionDetails,
  SubscriptionStatus,
} from './dashboard-sections';
import { CoolingOffBanner } from './cooling-off-banner';
import { DownloadAgreement, useAgreementCopyReady } from './download-agreement';
import { PaymentInstructions } from './payment-instructions';
import { ShareholderHeader, headerStyles } from './shareholder-header';
import { SignedElsewhereNotice } from './signed-elsewhere';
import { agreementStatusLines, cancelledStatusLines, coolingOffDaysRemaining, coolingOffEnds } from './subscription';

const styles = {
  page: css({ display: 'grid', gap: '4', alignContent: 'start', maxW: '56rem' }),
};

/** What the dashboard works out from the subscription and its agreement status. */
function subscriptionState(sub: ShareSubscriptionDoc, statuses: ShareAgreementStatusDoc[]) {
  const status = statuses[0] ?? null;
  const effective = sub.effective_date ?? '';
  // Counted on the server's clock, as the server decides when cancelling ends (a device's may be off).
  const days = sub.status === 'signed' && effective ? coolingOffDaysRemaining(effective, serverNow()) : 0;
  const deadline =
    status?.cancellation_deadline ?? (effective ? coolingOffEnds(effective).toISOString().slice(0, 10) : null);
  // Cancelled: nothing is due and nothing more happens, so no payment request and no locked tool.
  const cancelled = sub.status === 'cancelled';
  const statusLines = cancelled
    ? cancelledStatusLines(status, sub.cancelled_at ? formatLongDate(sub.cancelled_at) : 'Cancelled')
    : agreementStatusLines(status);
  return {
    effective,
    days,
    deadline,
    unlocked: isAssessmentUnlocked(statuses),
    cancelled,
    paid: Boolean(status?.payment_received),
    statusLines,
  };
}

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
        <NoSubscription />
      </>
    );
  }

  const name = sub.subscriber_name ?? '';
  const { effective, days, deadline, unlocked, cancelled, paid, statusLines } = subscriptionState(sub, view.statuses);
  return (
    <>
      <ShareholderHeader signOut={signOut}>
        <span className={headerStyles.name}>{name}</span>
        {effective ? <span>Effective {formatLongDate(effective)}</span> : null}
      </ShareholderHeader>
      <PageContainer className={styles.page}>
        <WelcomeBanner name={name} />
        {view.signedPending ? <PendingSubscription data={data} id={sub.id} /> : null}
        <SignedElsewhereNotice data={data} sub={sub} />
        {cancelled ? <CancelledNotice sub={sub} paid={paid} /> : null}
        {days > 0 && deadline ? (
          <CoolingOffBanner
            days={days}
            deadline={deadline}
            subscriptionId={sub.id}
            onCancelled={() => data.engine.reSync()}
          />
        ) : null}
        {cancelled ? null : <AgentAssessment unlocked={unlocked} />}
        <InvestmentOverview sub={sub} />
        <SubscriptionStatus lines={statusLines} />
        {cancelled ? null : (
          <CollapsibleSection title="Payment Instructions">
            <PaymentInstructions total={sub.total_amount ?? 0} name={name} reference={sub.payment_reference ?? null} />
          </CollapsibleSection>
        )}
        <SubscriptionDetails sub={sub} deadline={deadline} />
        <ContactInformation sub={sub} />
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

// The header stays outside: it is the same element while the page loads and after.
function NoSubscription() {
  return (
    <PageContainer>
      <Card className={css({ display: 'grid', gap: '4', justifyItems: 'start', maxW: '32rem', mx: 'auto' })}>
        <CardTitle>No Active Subscription</CardTitle>
        <CardDescription>You have not completed a share subscription yet.</CardDescription>
        <Link to="/shareholder/subscribe" className={buttonRecipe()}>
          Start Your Subscription
        </Link>
      </Card>
    </PageContainer>
  );
}
