import { createFileRoute } from '@tanstack/react-router';
import { ShareholderDashboard } from '../../../features/shareholder/dashboard-page';

export const Route = createFileRoute('/_guarded/shareholder/dashboard')({
  component: ShareholderDashboard,
});
