import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../features/account/account-page';
import { useSession } from '../../features/auth/session';
import { AppHeader } from '../-app-header';

export const Route = createFileRoute('/_authenticated/account')({
  // Where an email change's confirmation link lands: the auth client takes it in first.
  loader: async () => (await import('../../features/account/api/email-change-link')).openEmailChangeLink(),
  component: function Account() {
    const { user } = Route.useRouteContext();
    // The session's user, not the guard's: an email update or a followed link replaces it.
    const session = useSession();
    return (
      <>
        <AppHeader />
        <AccountPage user={session.user ?? user} link={Route.useLoaderData()} />
      </>
    );
  },
});
