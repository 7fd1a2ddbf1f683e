import { createFileRoute } from '@tanstack/react-router';
import { ProfessionalSignupPage } from '../features/marketing/demo-request/professional-signup-page';

export const Route = createFileRoute('/professional-signup')({ component: ProfessionalSignupPage });
