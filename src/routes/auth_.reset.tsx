import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { LoadingStatus } from '../ui/loading-status';

// Where a reset link from the email lands ('auth_' keeps it out of /auth's layout and guard: the
// link signs the user in, and /auth would send them on to the dashboard before the new password).
export const Route = createFileRoute('/auth_/reset')({
  // 'Loading...' while the auth client takes in the link and the session becomes known.
  loader: async (match) => (await import('../features/auth/api/recovery-link')).loadRecoveryView(match),
  pendingComponent: LoadingStatus,
  pendingMs: 0,
  pendingMinMs: 0,
  component: function ResetPassword() {
    return <ResetPasswordPage view={Route.useLoaderData()} />;
  },
});
