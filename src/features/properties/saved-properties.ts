import { useCallback, useEffect, useRef, useState } from 'react';
import type { RxDocument } from 'rxdb';
import { firstPull } from '../../data/first-pull';
import type { SavedPropertyDoc } from '../../data/schemas';
import type { UserData } from '../../data/user-data';
import { serverRead, serverRowsNow } from './api/server-read';
import type { ListedProperty } from './list-view';

type View = { loading: boolean; properties: ListedProperty[] };
const LOADING: View = { loading: true, properties: [] };

// RxDB hands back the same document object until the document changes: its plain copy is made once
// per change, not once per property on every change of the list (5,000 of them), and a card whose
// property did not change gets the same object (memoised cards skip their render).
const plain = new WeakMap<RxDocument<SavedPropertyDoc>, SavedPropertyDoc>();
function plainOf(doc: RxDocument<SavedPropertyDoc>): SavedPropertyDoc {
  let json = plain.get(doc);
  if (!json) plain.set(doc, (json = doc.toJSON() as SavedPropertyDoc));
  return json;
}

type Local = { docs: SavedPropertyDoc[]; pulled: boolean; inSync: boolean };

/**
 * Saved properties, live from the local database (works offline), in no particular order (the
 * page sorts). A device holding none yet is not told it has none while its first pull runs: it
 * shows the server's list meanwhile (read directly, and before the local database has even opened
 * when the device has never held this user's saved properties: storing 5,000 pulled rows takes
 * seconds), and the device's own once the first pull is in.
 */
export function useSavedProperties(userId: string | null, data: UserData | null): View {
  // What the route's read has already brought is drawn in the first render, not one after it.
  const [server, setServer] = useState<{ userId: string; rows: ListedProperty[] } | null>(() => {
    const rows = userId ? serverRowsNow(userId) : null;
    return userId && rows ? { userId, rows } : null;
  });
  const [local, setLocal] = useState<(Local & { data: UserData }) | null>(null);
  const taken = useRef<object | null>(null);

  // The route began the read for a device that never held this user's table (serverRead); one
  // whose table is there but empty (its first pull cut short) asks once its database has opened.
  const askServer = useCallback((id: string, newDevice: boolean) => {
    const keep = (rows: ListedProperty[]) =>
      setServer((was) => (was?.userId === id && was.rows.length > rows.length ? was : { userId: id, rows }));
    void serverRead(id, { newDevice }).then((read) => {
      if (!read || taken.current === read) return;
      taken.current = read;
      // Offline or refused: the device's own list is what there is.
      read.first.then(keep, () => undefined);
      read.all.then(keep, () => undefined);
    });
  }, []);

  useEffect(() => {
    if (userId) askServer(userId, true);
  }, [userId, askServer]);

  useEffect(() => {
    if (!data) return;
    const now: Local = { docs: [], pulled: false, inSync: false };
    let read = false;
    let live = true;
    const publish = () => live && read && setLocal({ ...now, data });
    void data.engine.awaitInitialSync().then(() => {
      now.inSync = true;
      publish();
    });
    void firstPull(data).then(() => {
      now.pulled = true;
      publish();
    });
    const sub = data.db.saved_properties.find().$.subscribe((found) => {
      now.docs = found.map(plainOf);
      read = true;
      if (now.docs.length === 0 && !now.inSync && navigator.onLine !== false) askServer(data.userId, false);
      publish();
    });
    return () => {
      live = false;
      sub.unsubscribe();
    };
  }, [data, askServer]);

  const mine = local && local.data === data ? local : null;
  if (server && server.userId === userId && !mine?.inSync) return { loading: false, properties: server.rows };
  if (mine && (mine.pulled || mine.docs.length > 0)) return { loading: false, properties: mine.docs };
  return LOADING;
}

/**
 * Remove a saved property: a soft delete that syncs (rows are never hard-deleted). One listed from
 * the server and not on this device yet is removed once the first pull has brought it.
 */
export async function removeSavedProperty(data: UserData, id: string) {
  const find = () => data.db.saved_properties.findOne(id).exec();
  let doc = await find();
  if (!doc) {
    await firstPull(data);
    doc = await find();
  }
  if (!doc) throw new Error('This property is still being copied to this device. Try again in a moment.');
  await doc.remove();
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
