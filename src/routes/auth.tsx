import { createFileRoute } from '@tanstack/react-router';
import { authSearchSchema, leaveAuthWhenSignedIn } from '../features/auth/guards';
import { AuthPage } from '../features/auth/auth-page';

export const Route = createFileRoute('/auth')({
  validateSearch: authSearchSchema,
  beforeLoad: leaveAuthWhenSignedIn,
  component: function Auth() {
    const { mode } = Route.useSearch();
    return <AuthPage initialView={mode} />;
  },
});
