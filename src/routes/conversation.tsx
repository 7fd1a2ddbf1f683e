import { createFileRoute } from '@tanstack/react-router';
import { HomeRoute } from './-home';
import { homeSearchSchema } from './-home-search';

// The same landing screen as / (docs/product/screens.md#route-table).
export const Route = createFileRoute('/conversation')({
  validateSearch: homeSearchSchema,
  component: HomeRoute,
});
