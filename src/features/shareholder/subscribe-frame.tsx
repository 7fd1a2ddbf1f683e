import type { ReactNode } from 'react';
import { LoadingStatus } from '../../ui/loading-status';
import { WizardPage } from '../../ui/wizard-page';
import { ShareholderHeader } from './shareholder-header';

// Apart from subscribe-page.tsx: the route's pending state is in the first bundle of every page.

/** Said above the steps, and in the page's HTML while the session is read. */
export const SUBSCRIBE_INTRO =
  'Five steps: your details, your investment, the legal confirmations, your signature and the payment instructions. Your progress is saved as you go, and you can carry on from any device you sign in on.';

/** The header, title and the place of the steps: the same in every state, so nothing moves. */
export function SubscribeFrame({ signOut, children }: { signOut: ReactNode; children: ReactNode }) {
  return (
    <>
      <ShareholderHeader signOut={signOut} />
      <WizardPage title="Share Subscription" intro={SUBSCRIBE_INTRO}>
        {children}
      </WizardPage>
    </>
  );
}

/** The route's pending state: the page as it first paints. */
export function SubscribePending() {
  return (
    <SubscribeFrame signOut={null}>
      <LoadingStatus />
    </SubscribeFrame>
  );
}
