import { createFileRoute, notFound } from '@tanstack/react-router';
import type { DemoPageData } from '../../features/marketing/demo/demo-pages';
import { DemoRoute } from './-demo-route';

export const Route = createFileRoute('/demo/$slug')({
  // '/demo/haus&haus' and '/demo/haus%26haus' both arrive as the slug 'haus&haus'. The pages'
  // words load with the page, not with the app; any other slug is the 404 page.
  loader: async ({ params }) => {
    const { demoPageAt } = await import('../../features/marketing/demo/demo-page-at');
    const page = demoPageAt(`/demo/${params.slug}`);
    if (!page) throw notFound();
    return page;
  },
  component: function Demo() {
    // Undefined for a moment when another slug's loader has just thrown notFound (the 404 is on
    // its way): nothing to draw then, rather than a TypeError.
    const page: DemoPageData | undefined = Route.useLoaderData();
    return page ? <DemoRoute page={page} /> : null;
  },
});
