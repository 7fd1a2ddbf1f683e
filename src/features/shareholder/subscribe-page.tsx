import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import { useSubscriptions } from '../../data/subscriptions';
import { useUserData } from '../../data/user-data';
import { buttonRecipe } from '../../ui/button';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { PageContainer } from '../../ui/page-container';
import { ShareholderHeader } from './shareholder-header';
import { SubscribeWizard } from './subscribe-wizard';

const styles = {
  page: css({ display: 'grid', gap: '6', alignContent: 'start', maxW: '56rem' }),
  title: css({ fontFamily: 'heading', fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' }),
  status: css({ p: '8', textAlign: 'center', color: 'fg.muted' }),
  card: css({ display: 'grid', gap: '4', justifyItems: 'start', maxW: '32rem', mx: 'auto' }),
};

/** /shareholder/subscribe: sign-in required, a signed subscription goes to the dashboard. */
type SubscribePageProps = {
  session: { status: 'loading' | 'signed-in' | 'signed-out'; email?: string | undefined };
  signOut: ReactNode;
  syncStatus?: ReactNode;
};

export function SubscribePage({ session, signOut, syncStatus }: SubscribePageProps) {
  const data = useUserData();
  const view = useSubscriptions(data);
  const navigate = useNavigate();
  // What there was when the page opened: the wizard's own saves (and its completion) must not
  // remount it or send it away.
  const first = useRef<{ draft: ShareSubscriptionDoc | null; signed: boolean } | undefined>(undefined);
  if (!view.loading && data && !first.current) first.current = { draft: view.draft, signed: view.signed !== null };
  const alreadySigned = first.current?.signed === true;

  useEffect(() => {
    if (alreadySigned) void navigate({ to: '/shareholder/dashboard', replace: true });
  }, [alreadySigned, navigate]);

  if (session.status === 'loading') return <Status>Loading...</Status>;
  if (session.status === 'signed-out') {
    return (
      <PageContainer>
        <Card className={styles.card}>
          <CardTitle>Authentication Required</CardTitle>
          <CardDescription>Please sign in to subscribe to shares. Your progress is saved as you go.</CardDescription>
          <Link to="/auth" className={buttonRecipe()}>
            Sign In
          </Link>
        </Card>
      </PageContainer>
    );
  }
  return (
    <>
      <ShareholderHeader signOut={signOut} />
      {!data || !first.current ? (
        <Status>Loading...</Status>
      ) : alreadySigned ? (
        <Status>Redirecting to dashboard...</Status>
      ) : (
        <PageContainer className={styles.page}>
          <h1 className={styles.title}>Share Subscription</h1>
          <SubscribeWizard data={data} draft={first.current.draft} email={session.email} syncStatus={syncStatus} />
        </PageContainer>
      )}
    </>
  );
}

function Status({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={styles.status}>
      {children}
    </p>
  );
}
