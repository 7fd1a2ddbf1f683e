import { useEffect, useState } from 'react';
import { newestBy } from '../../sync/rows';
import type { SavedPropertyDoc } from '../../data/schemas';
import type { UserData } from '../../data/user-data';

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

/**
 * Undo a removal: the same document, un-deleted, so the change syncs like any other edit and the
 * row comes back on every device. Starts from the stored (deleted) revision, which carries the
 * latest server state a pull brought. Nothing to do when it is not deleted.
 */
export async function restoreSavedProperty(data: UserData, id: string) {
  const collection = data.db.saved_properties;
  const [stored] = await collection.storageInstance.findDocumentsById([id], true);
  if (!stored?._deleted) return;
  const { _deleted, _rev, _meta, _attachments, ...doc } = stored;
  // Inserting over a deleted document is RxDB's way to bring it back (a new revision of it).
  await collection.insert(doc);
}
