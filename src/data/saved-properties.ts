import { useEffect, useState } from 'react';
import { newestBy } from './rows';
import type { SavedPropertyDoc } from './schemas';
import type { UserData } from './user-data';

/** Saved properties, newest first, live from the local database (works offline). */
export function useSavedProperties(data: UserData | null): { loading: boolean; properties: SavedPropertyDoc[] } {
  const [state, setState] = useState<{ loading: boolean; properties: SavedPropertyDoc[] }>({
    loading: true,
    properties: [],
  });
  useEffect(() => {
    if (!data) return;
    const sub = data.db.saved_properties
      .find()
      .$.subscribe((docs) =>
        setState({ loading: false, properties: newestFirst(docs.map((d) => d.toJSON() as SavedPropertyDoc)) }),
      );
    return () => sub.unsubscribe();
  }, [data]);
  return data ? state : { loading: true, properties: [] };
}

// Rows not yet stamped by the server (created_at null) are the newest.
const newestFirst = (docs: SavedPropertyDoc[]) => [...docs].sort(newestBy((d) => d.created_at));

/** Remove a saved property: a soft delete that syncs (rows are never hard-deleted). */
export async function removeSavedProperty(data: UserData, id: string) {
  const doc = await data.db.saved_properties.findOne(id).exec();
  await doc?.remove();
}
