import { useCallback } from 'react';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useSession } from '../../features/auth/session';
import { SignOutButton } from '../../features/auth/sign-out-button';
import { SubscribePending } from '../../features/shareholder/subscribe-frame';
import { SubscribePage, type SubscribeView } from '../../features/shareholder/subscribe-page';
import { SyncStatusConnector } from '../../features/sync/sync-status-connector';
import { stepSearchSchema } from '../../lib/wizard-step';
import { STEPS } from '../../features/shareholder/subscription';

// Not behind the guard: a signed-out visitor gets the 'Authentication Required' card
// (docs/product/subscription.md#access).
export const Route = createFileRoute('/shareholder/subscribe')({
  // The step is in the address: the browser's Back and Forward move between steps.
  validateSearch: stepSearchSchema(STEPS.length),
  loader: async ({ context }): Promise<SubscribeView> => {
    if (context.session.status === 'signed-out') return { state: 'signed-out' };
    // Loaded again when the session is known and the user's data has opened (main.tsx).
    if (context.session.status === 'loading' || !context.userData) return { state: 'loading' };
    const { readSubscriptions } = await import('../../data/subscriptions');
    const { draft, draftId, signed } = await readSubscriptions(context.userData);
    // A signed subscription has nothing left to fill in.
    if (signed) throw redirect({ to: '/shareholder/dashboard', replace: true });
    return { state: 'ready', draftId, draft };
  },
  // While the loader waits for the first pull: the page as its HTML paints it (ADR 015).
  pendingComponent: SubscribePending,
  pendingMs: 0,
  pendingMinMs: 0,
  component: function Subscribe() {
    const view = Route.useLoaderData();
    const session = useSession();
    const { step } = Route.useSearch();
    const navigate = Route.useNavigate();
    const go = useCallback(
      (n: number, replace: boolean) => void navigate({ search: { step: n }, replace }),
      [navigate],
    );
    return (
      <SubscribePage
        view={view}
        email={session.user?.email}
        signOut={session.status === 'signed-in' ? <SignOutButton redirectTo="/shareholder" /> : null}
        syncStatus={<SyncStatusConnector />}
        stepInAddress={{ asked: step, go }}
      />
    );
  },
});
