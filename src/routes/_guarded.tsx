import { createFileRoute } from '@tanstack/react-router';
import { AuthGuard } from '../features/auth/auth-guard';

// Pathless layout: signed-in only, for pages that bring their own header.
export const Route = createFileRoute('/_guarded')({
  component: () => <AuthGuard />,
});
