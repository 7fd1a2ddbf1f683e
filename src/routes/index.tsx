import { createFileRoute } from '@tanstack/react-router';
import { HomeRoute, homeSearchSchema } from './-home';

export const Route = createFileRoute('/')({
  validateSearch: homeSearchSchema,
  component: HomeRoute,
});
