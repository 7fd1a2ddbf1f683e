import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../features/auth/guards';
import { LoadingStatus } from '../ui/loading-status';

// Pathless layout: every route under _authenticated/ needs a signed-in user (in its context).
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: requireSignedIn,
  pendingComponent: LoadingStatus,
  // 'Loading...' only while the stored session is read, and at once: the guard is synchronous after.
  pendingMs: 0,
  pendingMinMs: 0,
});
