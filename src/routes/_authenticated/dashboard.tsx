import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { DashboardPage } from '../../features/email-assistant/dashboard-page';
import { DASHBOARD_TABS } from '../../features/email-assistant/dashboard-tabs';
import { AppHeader } from '../-app-header';

// The tab is in the URL (?tab=), so a reload and the back button keep it; without one (or with
// one that is not a tab), Integrations, and /dashboard stays /dashboard.
const searchSchema = v.object({
  tab: v.fallback(v.optional(v.picklist(DASHBOARD_TABS)), undefined),
});

export const Route = createFileRoute('/_authenticated/dashboard')({
  validateSearch: searchSchema,
  component: function Dashboard() {
    const { user } = Route.useRouteContext();
    const { tab } = Route.useSearch();
    const navigate = useNavigate();
    return (
      <>
        <AppHeader />
        <DashboardPage
          email={user.email}
          userId={user.id}
          tab={tab ?? 'integrations'}
          onTabChange={(next) =>
            void navigate({ to: '/dashboard', search: { tab: next === 'integrations' ? undefined : next } })
          }
          onSignIn={() => void navigate({ to: '/auth', search: { redirect: '/dashboard' }, replace: true })}
        />
      </>
    );
  },
});
