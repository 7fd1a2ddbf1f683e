import { createFileRoute } from '@tanstack/react-router';
import { SavedPropertiesPage } from '../../features/properties/saved-properties-page';

export const Route = createFileRoute('/_authed/saved-properties')({
  component: SavedPropertiesPage,
});
