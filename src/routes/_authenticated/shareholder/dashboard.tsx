import { createFileRoute } from '@tanstack/react-router';
import { SignOutButton } from '../../../features/auth/sign-out-button';
import { ShareholderDashboard } from '../../../features/shareholder/dashboard-page';

// The shareholder pages bring their own header, whose Sign Out goes back to /shareholder.
export const Route = createFileRoute('/_authenticated/shareholder/dashboard')({
  component: () => <ShareholderDashboard signOut={<SignOutButton redirectTo="/shareholder" />} />,
});
