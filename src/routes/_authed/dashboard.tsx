import { createFileRoute } from '@tanstack/react-router';
import { useSignedInUser } from '../../features/auth/session';
import { DashboardPage } from '../../features/email-assistant/dashboard-page';

export const Route = createFileRoute('/_authed/dashboard')({
  component: Dashboard,
});

// Sign Out is in the signed-in header of every protected page (routes/_authed.tsx).
function Dashboard() {
  const user = useSignedInUser();
  return <DashboardPage email={user.email} />;
}
