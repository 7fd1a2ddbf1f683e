import { createFileRoute } from '@tanstack/react-router';
import { useSignedInUser } from '../../features/auth/session';
import { SignOutButton } from '../../features/auth/sign-out-button';
import { DashboardPage } from '../../features/email-assistant/dashboard-page';

export const Route = createFileRoute('/_authed/dashboard')({
  component: Dashboard,
});

function Dashboard() {
  const user = useSignedInUser();
  return <DashboardPage email={user.email} actions={<SignOutButton />} />;
}
