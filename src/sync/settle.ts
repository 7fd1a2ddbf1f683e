import { getAssumedMasterState, type RxCollection, type WithDeleted } from 'rxdb';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import { sameState, type Doc } from './merge';
import type { Outbox } from './outbox';
import type { SyncDoc } from './rows';
import type { TableRules } from './rules';

/**
 * RxDB pushes nothing for a document equal to the state it assumes the server has (a change
 * undone, a save that changed nothing, a conflict resolved to the server's row): once the
 * replication is idle, such a document's waiting change is settled (Outbox.settleUnchanged).
 */
export async function settleUnchanged<T extends SyncDoc, C>(
  state: RxReplicationState<T, C>,
  collection: RxCollection<T>,
  outbox: Outbox,
  rules: TableRules,
) {
  const internal = state.internalReplicationState;
  if (!internal || state.isStopped()) return;
  await internal.streamQueue.up;
  await outbox.forgetSettled();
  const ids = await outbox.waitingIds(collection.name);
  if (ids.length === 0 || state.isStopped()) return;
  const assumed = await getAssumedMasterState(internal, ids);
  const read = async (id: string) =>
    ((await collection.storageInstance.findDocumentsById([id], true))[0] as WithDeleted<T> | undefined) ?? null;
  for (const id of ids) {
    const master = assumed[id]?.docData as Doc | undefined;
    if (!master) continue;
    const unchanged = async () => {
      const doc = (await read(id)) as Doc | null;
      return doc && sameState(master, doc, rules) ? doc : null;
    };
    if (await unchanged()) await outbox.settleUnchanged(collection.name, id, unchanged);
  }
}
