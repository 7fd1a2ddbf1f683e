import { lazy } from 'react';
import { useSession } from '../features/auth/session';
import { QuietBoundary } from '../ui/quiet-boundary';

// The signed-in header's parts (sign-out, which can remove the local database; the sync status)
// come with it, once somebody is signed in: a visitor's page loads none of them.
const SignedInAppHeader = lazy(() => import('./-signed-in-app-header'));

/** The signed-in header with the user's sync status and the voice chat: the app pages' and the home page's. */
export function AppHeader() {
  const { status } = useSession();
  if (status !== 'signed-in') return null;
  return (
    <QuietBoundary what="The signed-in header">
      <SignedInAppHeader />
    </QuietBoundary>
  );
}
