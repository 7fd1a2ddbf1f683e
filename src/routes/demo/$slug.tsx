import { createFileRoute, notFound } from '@tanstack/react-router';
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
    return <DemoRoute page={Route.useLoaderData()} />;
  },
});
