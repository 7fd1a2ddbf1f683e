import type { AssessmentDatabase, UserDatabase } from './database';
import { syncTable, type SyncTable } from './sync-engine';

// Which collections replicate, per kind of database. The agreement status and the email logs are
// the server's alone: pulled, never pushed. The server stamps a subscription's payment reference
// and signing date, and an assessment's completion date, on a write: pulled at once.

export const userSyncTables = (db: UserDatabase): SyncTable[] => [
  syncTable(db.saved_properties),
  syncTable(db.share_subscriptions, { serverSetsValues: true }),
  syncTable(db.share_agreement_status, { pullOnly: true }),
  syncTable(db.email_logs, { pullOnly: true }),
];

export const assessmentSyncTables = (db: AssessmentDatabase): SyncTable[] => [
  syncTable(db.agent_assessments, { serverSetsValues: true }),
];
