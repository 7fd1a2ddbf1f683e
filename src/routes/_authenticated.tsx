import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../features/auth/guards';
import { LoadingStatus } from '../ui/loading-status';

// Pathless layout: every route under _authenticated/ needs a signed-in user (in its context).
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: requireSignedIn,
  pendingComponent: LoadingStatus,
  // 'Loading...' while the stored session is read (the guard is synchronous after), once that has
  // taken a moment: a first render usually knows it already (main.tsx), and one rendered for
  // nothing costs a new browser's first page tens of milliseconds (ADR 038).
  pendingMs: 300,
  pendingMinMs: 0,
});
