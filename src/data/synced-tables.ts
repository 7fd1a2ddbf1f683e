// Which collections replicate, per kind of database (their columns' rules: sync-rules.ts). The
// agreement status and the email logs are the server's alone: pulled, never pushed. The server
// stamps a subscription's payment reference and signing date, and an assessment's completion date,
// on a write: pulled at once. The server's own list is sync_tables() in
// supabase/schemas/sync/10-tables.sql; tests/integration/database/schema-parity.test.ts keeps the
// two alike.
import type { RxCollection } from 'rxdb';
import type { ConflictRule } from '../sync/conflict-handler';
import { syncTable, type SyncTable } from '../sync/engine';
import type { SyncDoc } from '../sync/rows';
import type { AssessmentDatabase, LocalDatabase, SyncedCollectionName, UserDatabase } from './database';

type TableOptions = { pullOnly?: boolean; serverSetsValues?: boolean };

export const USER_TABLES = {
  saved_properties: {},
  share_subscriptions: { serverSetsValues: true },
  share_agreement_status: { pullOnly: true },
  email_logs: { pullOnly: true },
} as const satisfies Partial<Record<keyof UserDatabase['collections'], TableOptions>>;

export const ASSESSMENT_TABLES = {
  agent_assessments: { serverSetsValues: true },
} as const satisfies Partial<Record<keyof AssessmentDatabase['collections'], TableOptions>>;

// Each collection keeps its own document type inside syncTable; the list needs only their common part.
const asSynced = (collection: unknown) => collection as RxCollection<SyncDoc>;
const ruleOf = (local: Pick<LocalDatabase<unknown>, 'conflicts'>, name: SyncedCollectionName) =>
  local.conflicts[name] as unknown as ConflictRule<SyncDoc>;

/** One table of a user's database, as its engine replicates it (tests and the bench start one alone). */
export const userSyncTable = (local: LocalDatabase<UserDatabase>, name: keyof typeof USER_TABLES): SyncTable =>
  syncTable(asSynced(local.db.collections[name]), ruleOf(local, name), USER_TABLES[name]);

export const userSyncTables = (local: LocalDatabase<UserDatabase>): SyncTable[] =>
  Object.entries(USER_TABLES).map(([name, options]) =>
    syncTable(
      asSynced(local.db.collections[name as keyof typeof USER_TABLES]),
      ruleOf(local, name as SyncedCollectionName),
      options,
    ),
  );

export const assessmentSyncTables = (local: LocalDatabase<AssessmentDatabase>): SyncTable[] =>
  Object.entries(ASSESSMENT_TABLES).map(([name, options]) =>
    syncTable(
      asSynced(local.db.collections[name as keyof typeof ASSESSMENT_TABLES]),
      ruleOf(local, name as SyncedCollectionName),
      options,
    ),
  );
