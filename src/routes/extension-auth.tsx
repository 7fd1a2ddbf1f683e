import { createFileRoute } from '@tanstack/react-router';
import { ExtensionAuthPage } from '../features/extension/extension-auth-page';

// Not behind the sign-in guard: a signed-out visitor sees how to sign in, and comes back here.
export const Route = createFileRoute('/extension-auth')({
  component: function ExtensionAuth() {
    const { session } = Route.useRouteContext();
    return session.status === 'signed-in' ? (
      <ExtensionAuthPage status="signed-in" user={session.user} />
    ) : (
      <ExtensionAuthPage status={session.status} user={null} />
    );
  },
});
