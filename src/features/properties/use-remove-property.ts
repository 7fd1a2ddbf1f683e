import { useCallback, useRef, useState } from 'react';
import { useWhenOpen, type UserData } from '../../data/user-data';
import { failureWords } from '../../lib/refusal-words';
import { toast } from '../../lib/toast';
import type { SavedProperty } from './property-card';
import { removeSavedProperty, restoreSavedProperty } from './saved-properties';

/**
 * Removing a saved property from its card, with Undo in the toast that says so. `headingRef`:
 * where keyboard focus goes once the card is gone; `removingId`: the one being removed.
 */
export function useRemoveProperty(data: UserData | null) {
  const [removingId, setRemovingId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const whenOpen = useWhenOpen(data);

  const handleRemove = useCallback(
    async (property: SavedProperty) => {
      setRemovingId(property.id);
      try {
        const open = await whenOpen();
        await removeSavedProperty(open, property.id);
        toast.success('Property removed', property.title?.trim() || undefined, {
          id: `property-removed:${property.id}`,
          action: { label: 'Undo', onClick: () => void handleUndo(open, property) },
        });
        // The card and its button are gone: keep keyboard focus somewhere sensible.
        headingRef.current?.focus();
      } catch (error) {
        toast.error('Could not remove the property', failureWords(error));
      } finally {
        setRemovingId(null);
      }
    },
    [whenOpen],
  );
  const onRemove = useCallback((property: SavedProperty) => void handleRemove(property), [handleRemove]);
  return { headingRef, removingId, onRemove };
}

async function handleUndo(from: Parameters<typeof restoreSavedProperty>[0], property: SavedProperty) {
  try {
    await restoreSavedProperty(from, property.id);
  } catch (error) {
    toast.error('Could not restore the property', failureWords(error));
  }
}
