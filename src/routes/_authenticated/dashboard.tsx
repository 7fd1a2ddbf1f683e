import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/email-assistant/dashboard-page';
import { AppHeader } from '../-app-header';

export const Route = createFileRoute('/_authenticated/dashboard')({
  component: function Dashboard() {
    const { user } = Route.useRouteContext();
    return (
      <>
        <AppHeader />
        <DashboardPage email={user.email} />
      </>
    );
  },
});
