import type { DatabaseClient } from './client';
import { openAssessmentDatabase, type AssessmentDatabase } from './database';
import { startSync, type SyncEngine } from './sync-engine';
import { assessmentSyncTables } from './synced-tables';

/** One assessment link's local data: its own RxDB database, replicating with the link's token. */
export interface AssessmentData {
  token: string;
  db: AssessmentDatabase;
  engine: SyncEngine;
  client: DatabaseClient;
}

// One database per link, so a tablet that opens two links keeps their answers apart.
export const assessmentDatabaseName = (token: string) => `chloe-assessment-${token}`;

export async function openAssessmentData(token: string, client: DatabaseClient): Promise<AssessmentData> {
  const db = await openAssessmentDatabase({ name: assessmentDatabaseName(token) });
  const engine = startSync({ db, client, identifier: token, tables: assessmentSyncTables(db) });
  return { token, db, engine, client };
}

export async function closeAssessmentData({ engine, db }: AssessmentData) {
  await engine.stop();
  if (!db.closed) await db.close();
}
