import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import { useUserData } from '../../data/user-data';
import { buttonRecipe } from '../../ui/button';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { LoadingStatus } from '../../ui/loading-status';
import { PageContainer } from '../../ui/page-container';
import { ShareholderHeader } from './shareholder-header';
import { SubscribeWizard } from './subscribe-wizard';

const styles = {
  page: css({ display: 'grid', gap: '6', alignContent: 'start', maxW: '56rem' }),
  title: css({ fontFamily: 'heading', fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' }),
  card: css({ display: 'grid', gap: '4', justifyItems: 'start', maxW: '32rem', mx: 'auto' }),
};

/** What the route found: nobody signed in, not known yet, or the draft to resume (or none). */
export type SubscribeView =
  { state: 'signed-out' } | { state: 'loading' } | { state: 'ready'; draft: ShareSubscriptionDoc | null };

type SubscribePageProps = {
  view: SubscribeView;
  email: string | undefined;
  signOut: ReactNode;
  syncStatus?: ReactNode;
};

/** /shareholder/subscribe: sign-in required; the route has already sent a signed subscriber on. */
export function SubscribePage({ view, email, signOut, syncStatus }: SubscribePageProps) {
  const data = useUserData();
  if (view.state === 'signed-out') {
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
  if (view.state === 'loading' || !data) return <SubscribeLoading signOut={signOut} />;
  return (
    <>
      <ShareholderHeader signOut={signOut} />
      <PageContainer className={styles.page}>
        <h1 className={styles.title}>Share Subscription</h1>
        <SubscribeWizard data={data} draft={view.draft} email={email} syncStatus={syncStatus} />
      </PageContainer>
    </>
  );
}

/** While the session is read and the user's data opens. */
function SubscribeLoading({ signOut }: { signOut?: ReactNode }) {
  return (
    <>
      {signOut ? <ShareholderHeader signOut={signOut} /> : null}
      <LoadingStatus />
    </>
  );
}
