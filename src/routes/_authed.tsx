import { createFileRoute } from '@tanstack/react-router';
import { AuthGuard } from '../features/auth/auth-guard';

// Pathless layout: every route under _authed/ needs a signed-in user.
export const Route = createFileRoute('/_authed')({
  component: AuthGuard,
});
