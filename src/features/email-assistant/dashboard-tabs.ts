// The dashboard's tabs, in their own module: the route's search schema reads them without pulling
// the dashboard itself into the app's first download (the route's page is loaded with the route).
export const DASHBOARD_TABS = ['integrations', 'settings', 'logs'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
