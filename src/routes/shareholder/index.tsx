import { createFileRoute } from '@tanstack/react-router';
import { ShareholderAction } from '../../features/shareholder/shareholder-action';
import { ShareholderLanding } from '../../features/shareholder/landing-page';

export const Route = createFileRoute('/shareholder/')({
  component: () => <ShareholderLanding action={<ShareholderAction />} />,
});
