import { createFileRoute } from '@tanstack/react-router';
import { HirePage } from '../features/marketing/hire/hire-page';

export const Route = createFileRoute('/hire')({ component: HirePage });
