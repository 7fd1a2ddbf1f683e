import { createFileRoute } from '@tanstack/react-router';
import { SignOutButton } from '../../../features/auth/sign-out-button';
import { ShareholderDashboard } from '../../../features/shareholder/dashboard-page';

export const Route = createFileRoute('/_guarded/shareholder/dashboard')({
  component: () => <ShareholderDashboard signOut={<SignOutButton redirectTo="/shareholder" />} />,
});
