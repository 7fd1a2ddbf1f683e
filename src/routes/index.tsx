import { createFileRoute } from '@tanstack/react-router';
import { SignInLink, SignedInHeader } from '../features/auth/signed-in-header';
import { HomePage } from '../features/marketing/home-page';

export const Route = createFileRoute('/')({
  component: () => <HomePage header={<SignedInHeader />} action={<SignInLink />} />,
});
