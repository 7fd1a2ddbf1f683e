import { Suspense, lazy, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import { useUserData } from '../../data/user-data';
import { changesWaitingSentence, useChangesWaitingOnDevice } from '../../lib/changes-waiting';
import type { StepInAddress } from '../../lib/wizard-step';
import { buttonRecipe } from '../../ui/button';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { LoadingStatus } from '../../ui/loading-status';
import { SubscribeFrame } from './subscribe-frame';

const styles = {
  card: css({ display: 'grid', gap: '4', justifyItems: 'start', maxW: '32rem' }),
  // Not muted like the text above: a signed-out session left changes behind.
  waiting: css({ fontSize: 'sm', fontWeight: 'medium' }),
};

// The wizard (TanStack Form, the signature pad's step, RxDB's writes) comes when there is a
// draft to fill in: not for a visitor who is not signed in.
const SubscribeWizard = lazy(() => import('./subscribe-wizard').then((m) => ({ default: m.SubscribeWizard })));

/** What the route found: nobody signed in, not known yet, or the draft to resume (or none). */
export type SubscribeView =
  | { state: 'signed-out' }
  | { state: 'loading' }
  | { state: 'ready'; draftId: string; draft: ShareSubscriptionDoc | null };

type SubscribePageProps = {
  view: SubscribeView;
  email: string | undefined;
  signOut: ReactNode;
  syncStatus?: ReactNode;
  /** The route's ?step= (Back and Forward move between steps). */
  stepInAddress?: StepInAddress;
};

/**
 * /shareholder/subscribe: sign-in required; the route has already sent a signed subscriber on.
 * The header, title and the place of the steps are the same in every state, so nothing moves
 * when the session is known and the draft has opened.
 */
export function SubscribePage({ view, email, signOut, syncStatus, stepInAddress }: SubscribePageProps) {
  const data = useUserData();
  const waiting = useChangesWaitingOnDevice();
  const loading = <LoadingStatus />;
  return (
    <SubscribeFrame signOut={signOut}>
      {view.state === 'signed-out' ? (
        <Card className={styles.card}>
          <CardTitle as="h2">Authentication Required</CardTitle>
          <CardDescription>Please sign in to subscribe to shares. Your progress is saved as you go.</CardDescription>
          {waiting > 0 && <p className={styles.waiting}>{changesWaitingSentence(waiting)}</p>}
          <Link to="/auth" className={buttonRecipe()}>
            Sign In
          </Link>
        </Card>
      ) : view.state === 'loading' || !data ? (
        loading
      ) : (
        <Suspense fallback={loading}>
          <SubscribeWizard
            data={data}
            draftId={view.draftId}
            draft={view.draft}
            email={email}
            syncStatus={syncStatus}
            stepInAddress={stepInAddress}
          />
        </Suspense>
      )}
    </SubscribeFrame>
  );
}
