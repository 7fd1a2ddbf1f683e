import { createFileRoute } from '@tanstack/react-router';
import { HomeRoute } from './-home';
import { homeSearchSchema } from './-home-search';

export const Route = createFileRoute('/')({
  validateSearch: homeSearchSchema,
  component: HomeRoute,
});
