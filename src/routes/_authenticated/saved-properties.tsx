import { createFileRoute } from '@tanstack/react-router';
import { serverRead } from '../../features/properties/api/server-read';
import { SavedPropertiesPage } from '../../features/properties/saved-properties-page';
import { AppHeader } from '../-app-header';

export const Route = createFileRoute('/_authenticated/saved-properties')({
  // A device that never held this user's saved properties starts reading them from the server
  // now, while the page's code and the local database are still on their way.
  loader: ({ context }) => void serverRead(context.user.id, { newDevice: true }),
  component: () => (
    <>
      <AppHeader />
      <SavedPropertiesPage />
    </>
  ),
});
