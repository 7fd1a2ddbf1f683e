// Which collections replicate, per kind of database (their columns' rules: sync-rules.ts). The
// agreement status and the email logs are the server's alone: pulled, never pushed. The server
// stamps a subscription's payment reference and signing date, and an assessment's completion date,
// on a write: pulled at once. The server's own list is sync_tables() in
// supabase/schemas/sync/10-tables.sql; tests/integration/database/schema-parity.test.ts keeps the
// two alike.
import type { RxCollection } from 'rxdb';
import { syncTable, type SyncTable } from '../sync/engine';
import type { SyncDoc } from '../sync/rows';
import type { AssessmentDatabase, UserDatabase } from './database';

type TableOptions = { pullOnly?: boolean; serverSetsValues?: boolean; inForms?: boolean };

export const USER_TABLES = {
  saved_properties: {},
  share_subscriptions: { serverSetsValues: true, inForms: true },
  share_agreement_status: { pullOnly: true },
  email_logs: { pullOnly: true },
} as const satisfies Partial<Record<keyof UserDatabase['collections'], TableOptions>>;

export const ASSESSMENT_TABLES = {
  agent_assessments: { serverSetsValues: true, inForms: true },
} as const satisfies Partial<Record<keyof AssessmentDatabase['collections'], TableOptions>>;

// Each collection keeps its own document type inside syncTable; the list needs only their common part.
const asSynced = (collection: unknown) => collection as RxCollection<SyncDoc>;

export const userSyncTables = (db: UserDatabase): SyncTable[] =>
  Object.entries(USER_TABLES).map(([name, options]) =>
    syncTable(asSynced(db.collections[name as keyof typeof USER_TABLES]), options),
  );

export const assessmentSyncTables = (db: AssessmentDatabase): SyncTable[] =>
  Object.entries(ASSESSMENT_TABLES).map(([name, options]) =>
    syncTable(asSynced(db.collections[name as keyof typeof ASSESSMENT_TABLES]), options),
  );
