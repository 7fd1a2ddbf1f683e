import { createFileRoute } from '@tanstack/react-router';
import { SignInLink } from '../features/auth/signed-in-header';
import { HomePage } from '../features/marketing/home-page';
import { AppHeader } from './-app-header';

export const Route = createFileRoute('/')({
  component: () => <HomePage header={<AppHeader />} action={<SignInLink />} />,
});
