import { createFileRoute } from '@tanstack/react-router';
import { DEMO_PAGES } from '../features/marketing/demo/demo-pages';
import { DemoRoute } from './demo/-demo-route';

export const Route = createFileRoute('/cornerstone-estate-agents')({
  component: function CornerstoneEstateAgents() {
    return <DemoRoute page={DEMO_PAGES['/cornerstone-estate-agents']} />;
  },
});
