// The app's local databases: one per signed-in user, one per assessment link. Each holds its synced
// collections and the sync's own two (the outbox and the conflict log), and comes with the objects
// that keep those two (src/sync).
import {
  addRxPlugin,
  createRxDatabase,
  type RxCollection,
  type RxDatabase,
  type RxJsonSchema,
  type RxStorage,
} from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { trackedIndexedDB } from './page-freeze';
import { ConflictRule } from '../sync/conflict-handler';
import { CONFLICT_LOG_COLLECTION, ConflictLog, type ConflictLogEntry } from '../sync/conflict-log';
import { Outbox } from '../sync/outbox';
import { OUTBOX_COLLECTION, type OutboxEntry } from '../sync/outbox-entry';
import type { Doc } from '../sync/merge';
import { rulesOf, type SyncRules } from '../sync/rules';
import { validatedStorage } from './validation';
import { WriteQueue } from './write-queue';
import {
  agentAssessmentSchema,
  emailLogSchema,
  savedPropertySchema,
  shareAgreementStatusSchema,
  shareSubscriptionSchema,
  type AgentAssessmentDoc,
  type EmailLogDoc,
  type SavedPropertyDoc,
  type ShareAgreementStatusDoc,
  type ShareSubscriptionDoc,
} from './schemas';
import { SYNC_RULES } from './sync-rules';

addRxPlugin(RxDBMigrationSchemaPlugin);
addRxPlugin(RxDBLeaderElectionPlugin);
// Online-only data kept on the device (on-device.ts) lives in local documents, not collections.
addRxPlugin(RxDBLocalDocumentsPlugin);

export type SyncedCollectionName =
  'saved_properties' | 'share_subscriptions' | 'share_agreement_status' | 'email_logs' | 'agent_assessments';

// Six collections. RxDB's open-source build allows at most 13 open at once (across databases):
// two devices of one user in a test, or a user database and an assessment database in one tab, fit.
export interface UserCollections {
  saved_properties: RxCollection<SavedPropertyDoc>;
  share_subscriptions: RxCollection<ShareSubscriptionDoc>;
  share_agreement_status: RxCollection<ShareAgreementStatusDoc>;
  email_logs: RxCollection<EmailLogDoc>;
  outbox: RxCollection<OutboxEntry>;
  conflict_log: RxCollection<ConflictLogEntry>;
}

export interface AssessmentCollections {
  agent_assessments: RxCollection<AgentAssessmentDoc>;
  outbox: RxCollection<OutboxEntry>;
  conflict_log: RxCollection<ConflictLogEntry>;
}

export type UserDatabase = RxDatabase<UserCollections>;
export type AssessmentDatabase = RxDatabase<AssessmentCollections>;

/**
 * A database with the keepers of its outbox and conflict log, its collections' conflict rules,
 * the rules of its tables, and its forms' writes.
 */
export interface LocalDatabase<D> {
  db: D;
  outbox: Outbox;
  conflictLog: ConflictLog;
  conflicts: Readonly<Partial<Record<SyncedCollectionName, ConflictRule<Doc>>>>;
  rules: SyncRules;
  writes: WriteQueue;
}

export interface OpenOptions {
  /** IndexedDB name: one database per signed-in user, one per assessment link. */
  name: string;
  /** Tests pass a Dexie storage over their own fake IndexedDB (one per simulated device). */
  storage?: RxStorage<unknown, unknown>;
  multiInstance?: boolean;
}

function storageFor(options: OpenOptions): RxStorage<unknown, unknown> {
  // Validation is on for every collection of the app (dev-mode is never loaded: it fetches from
  // the network).
  return validatedStorage(options.storage ?? getRxStorageDexie({ indexedDB: trackedIndexedDB(), IDBKeyRange }));
}

// Migration strategies keyed by the version they produce. Version 0 needs none; a later schema
// change adds e.g. `1: (oldDoc) => ({ ...oldDoc, newField: null })` so unsynced drafts survive.
export const MIGRATIONS = {
  // Properties saved before the listing was recorded: none of it is known (the server's have none either).
  saved_properties: { 1: (oldDoc: SavedPropertyDoc) => oldDoc },
  // Drafts written before signing evidence existed: the new fields are simply empty.
  share_subscriptions: {
    1: (oldDoc: ShareSubscriptionDoc) => oldDoc,
    // Every signature before the choice was drawn.
    2: (oldDoc: ShareSubscriptionDoc) => ({ ...oldDoc, signature_method: oldDoc.signature_method ?? 'drawn' }),
    3: (oldDoc: ShareSubscriptionDoc) => ({ ...oldDoc, signature_name: oldDoc.signature_name ?? null }),
  },
  share_agreement_status: {},
  // Logs pulled before the Gmail ids and the reason existed have none (the server's have none either).
  email_logs: { 1: (oldDoc: EmailLogDoc) => oldDoc },
  // Answers saved before progress was recorded: they reopen at step 1.
  // 2: who created the link is no longer the holder's to know (migration 20261127000026).
  agent_assessments: {
    1: (oldDoc: AgentAssessmentDoc) => ({ ...oldDoc, last_step: 1 }),
    2: (oldDoc: AgentAssessmentDoc & { created_by?: unknown }) => {
      const { created_by: _creator, ...doc } = oldDoc;
      return doc;
    },
  },
} as const;

const SCHEMAS = {
  saved_properties: savedPropertySchema,
  share_subscriptions: shareSubscriptionSchema,
  share_agreement_status: shareAgreementStatusSchema,
  email_logs: emailLogSchema,
  agent_assessments: agentAssessmentSchema,
} as const;

/** The schemas whose validators scripts/rx-validators.ts compiles: every collection the app opens. */
export const VALIDATED_SCHEMAS = [
  ...Object.values(SCHEMAS),
  OUTBOX_COLLECTION.schema,
  CONFLICT_LOG_COLLECTION.schema,
] as readonly RxJsonSchema<unknown>[];

/**
 * Opens `names` (and the outbox and conflict log) in a new database. Each synced collection's
 * conflict handler merges by its table's rules, against the base the outbox kept for it.
 */
async function openDatabase<
  C extends { outbox: RxCollection<OutboxEntry>; conflict_log: RxCollection<ConflictLogEntry> },
>(
  options: OpenOptions,
  names: readonly SyncedCollectionName[],
  localDocuments: boolean,
): Promise<LocalDatabase<RxDatabase<C>>> {
  const db = await createRxDatabase<C>({
    name: options.name,
    storage: storageFor(options),
    multiInstance: options.multiInstance ?? true,
    eventReduce: true,
    closeDuplicates: true,
    localDocuments,
  });
  // Made once the collections exist; their conflict handlers ask for it only once syncing.
  const made: { outbox?: Outbox } = {};
  const conflicts = Object.fromEntries(
    names.map((name) => [name, new ConflictRule<Doc>(name, rulesOf(SYNC_RULES, name), () => made.outbox)]),
  );
  const collections = Object.fromEntries(
    names.map((name) => [
      name,
      { schema: SCHEMAS[name], migrationStrategies: MIGRATIONS[name], conflictHandler: conflicts[name]!.handler },
    ]),
  );
  // RxDB's typings cannot follow collections made from a list; the names are this file's own.
  await db.addCollections({
    ...collections,
    outbox: OUTBOX_COLLECTION,
    conflict_log: CONFLICT_LOG_COLLECTION,
  } as never);
  const outbox = (made.outbox = new Outbox(db.collections.outbox, SYNC_RULES));
  const conflictLog = new ConflictLog(db.collections.conflict_log, undefined, async (table, docId) => {
    // A write's record keeps its bursts after the write resolves: a refusal of it may come first.
    await outbox.recorded(table, docId);
    return (await outbox.kept(table, [docId])).get(docId)?.bursts ?? {};
  });
  return { db, outbox, conflictLog, conflicts, rules: SYNC_RULES, writes: new WriteQueue() };
}

export function openUserDatabase(options: OpenOptions): Promise<LocalDatabase<UserDatabase>> {
  return openDatabase<UserCollections>(
    options,
    ['saved_properties', 'share_subscriptions', 'share_agreement_status', 'email_logs'],
    true,
  );
}

export function openAssessmentDatabase(options: OpenOptions): Promise<LocalDatabase<AssessmentDatabase>> {
  return openDatabase<AssessmentCollections>(options, ['agent_assessments'], false);
}
