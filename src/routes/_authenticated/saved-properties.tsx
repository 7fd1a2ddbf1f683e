import { createFileRoute } from '@tanstack/react-router';
import { SavedPropertiesPage } from '../../features/properties/saved-properties-page';
import { AppHeader } from '../-app-header';

export const Route = createFileRoute('/_authenticated/saved-properties')({
  component: () => (
    <>
      <AppHeader />
      <SavedPropertiesPage />
    </>
  ),
});
