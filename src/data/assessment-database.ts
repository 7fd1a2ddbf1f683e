import type { DatabaseClient } from '../sync/client';
import { startSync, type SyncEngine } from '../sync/engine';
import { openAssessmentDatabase, type AssessmentDatabase, type LocalDatabase } from './database';
import { keepaliveTarget } from './keepalive';
import { assessmentLiveTarget } from './live-target';
import { noteKeptSends, writeKeptChanges } from './page-going';
import { assessmentSyncTables } from './synced-tables';

/** One assessment link's local data: its own RxDB database, replicating with the link's token. */
export interface AssessmentData extends LocalDatabase<AssessmentDatabase> {
  token: string;
  engine: SyncEngine;
  client: DatabaseClient;
}

// One database per link, so a tablet that opens two links keeps their answers apart.
export const assessmentDatabaseName = (token: string) => `chloe-assessment-${token}`;

export async function openAssessmentData(token: string, client: DatabaseClient): Promise<AssessmentData> {
  const local = await openAssessmentDatabase({ name: assessmentDatabaseName(token) });
  // Before the engine's first push: it may meet what a page sent as it went.
  await noteKeptSends(local);
  const engine = startSync({
    local,
    client,
    identifier: token,
    tables: assessmentSyncTables(local.db),
    keepalive: keepaliveTarget(client, { 'x-assessment-token': token }),
    live: assessmentLiveTarget(token),
    leader: () => local.db.waitForLeadership(),
  });
  // After the engine has started: the write is recorded in the outbox, and sent.
  await writeKeptChanges(local);
  return { token, ...local, engine, client };
}

export async function closeAssessmentData({ engine, db, writes }: AssessmentData) {
  // What the form was still writing (a page left right after typing) goes in first.
  await writes.idle();
  await engine.stop();
  if (!db.closed) await db.close();
}
