import { createFileRoute } from '@tanstack/react-router';
import { DEMO_PAGES } from '../features/marketing/demo/demo-pages';
import { DemoRoute } from './demo/-demo-route';

export const Route = createFileRoute('/we-can-properties')({
  component: function WeCanProperties() {
    return <DemoRoute page={DEMO_PAGES['/we-can-properties']} />;
  },
});
