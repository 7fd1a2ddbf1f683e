import {
  addRxPlugin,
  createRxDatabase,
  type RxCollection,
  type RxDatabase,
  type RxJsonSchema,
  type RxStorage,
} from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { merge3, sameData, type Doc } from './conflict';
import {
  agentAssessmentSchema,
  LIST_FIELDS,
  savedPropertySchema,
  shareAgreementStatusSchema,
  shareSubscriptionSchema,
  type AgentAssessmentDoc,
  type SavedPropertyDoc,
  type ShareAgreementStatusDoc,
  type ShareSubscriptionDoc,
} from './schemas';

addRxPlugin(RxDBMigrationSchemaPlugin);
addRxPlugin(RxDBLeaderElectionPlugin);

/** A change made on this device and not yet accepted by the server. */
export interface OutboxEntry {
  id: string;
  /** The synced table. Not `collection`: RxDocument owns that property name. */
  table: string;
  docId: string;
  since: number;
  lastError: string | null;
  /** The refused state (JSON) when the server refused it, so an export still has it. */
  refused: string | null;
}

/** A local value that lost a conflict (both sides changed one field): kept, never dropped. */
export interface ConflictLogEntry {
  id: string;
  table: string;
  docId: string;
  field: string;
  local: string;
  server: string;
  at: number;
}

const outboxSchema: RxJsonSchema<OutboxEntry> = {
  title: 'outbox',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 120 },
    table: { type: 'string' },
    docId: { type: 'string' },
    since: { type: 'number' },
    lastError: { type: ['string', 'null'] },
    refused: { type: ['string', 'null'] },
  },
  required: ['id', 'table', 'docId', 'since'],
  additionalProperties: false,
};

const conflictLogSchema: RxJsonSchema<ConflictLogEntry> = {
  title: 'conflict_log',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 36 },
    table: { type: 'string' },
    docId: { type: 'string' },
    field: { type: 'string' },
    local: { type: 'string' },
    server: { type: 'string' },
    at: { type: 'number' },
  },
  required: ['id', 'table', 'docId', 'field', 'local', 'server', 'at'],
  additionalProperties: false,
};

export type SyncedCollectionName =
  'saved_properties' | 'share_subscriptions' | 'share_agreement_status' | 'agent_assessments';

export interface UserCollections {
  saved_properties: RxCollection<SavedPropertyDoc>;
  share_subscriptions: RxCollection<ShareSubscriptionDoc>;
  share_agreement_status: RxCollection<ShareAgreementStatusDoc>;
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

/** Rows whose server state is final: the device takes the server's row as it is. */
const SERVER_IS_FINAL: Partial<Record<SyncedCollectionName, (server: Doc) => boolean>> = {
  share_subscriptions: (server) => server.status === 'signed' || server.status === 'cancelled',
  agent_assessments: (server) => server.status === 'completed',
  share_agreement_status: () => true,
};

/** The conflict rule (docs/decisions/003-sync.md) as an RxDB conflict handler; losing local values go to the log. */
function conflictHandler(name: SyncedCollectionName, log: () => RxCollection<ConflictLogEntry> | undefined) {
  return {
    isEqual: (a: Doc, b: Doc) => sameData(a, b),
    resolve: async (input: { assumedMasterState?: Doc; realMasterState: Doc; newDocumentState: Doc }) => {
      const { doc, lost } = merge3(input.assumedMasterState, input.newDocumentState, input.realMasterState, {
        listFields: LIST_FIELDS[name] ?? [],
        serverIsFinal: SERVER_IS_FINAL[name],
      });
      const at = Date.now();
      const docId = String(input.realMasterState.id);
      if (lost.length) {
        await log()?.bulkInsert(
          lost.map((l) => ({
            id: crypto.randomUUID(),
            table: name,
            docId,
            field: l.field,
            local: JSON.stringify(l.local),
            server: JSON.stringify(l.server),
            at,
          })),
        );
      }
      return doc;
    },
  };
}

export interface OpenOptions {
  /** IndexedDB name: one database per signed-in user, one per assessment link. */
  name: string;
  /** Tests pass a Dexie storage over their own fake IndexedDB (one per simulated device). */
  storage?: RxStorage<unknown, unknown>;
  multiInstance?: boolean;
}

function storageFor(options: OpenOptions) {
  // Validation is on everywhere: a bad local write is refused with a clear message before it can
  // sit in the outbox (dev-mode is never loaded: it fetches from the network).
  return wrappedValidateAjvStorage({
    storage: options.storage ?? getRxStorageDexie(),
  });
}

const LOCAL_COLLECTIONS = {
  outbox: { schema: outboxSchema },
  conflict_log: { schema: conflictLogSchema },
} as const;

// Migration strategies keyed by the version they produce. Version 0 needs none; a later schema
// change adds e.g. `1: (oldDoc) => ({ ...oldDoc, newField: null })` so unsynced drafts survive.
export const MIGRATIONS = {
  saved_properties: {},
  // Drafts written before signing evidence existed: the new fields are simply empty.
  share_subscriptions: { 1: (oldDoc: ShareSubscriptionDoc) => oldDoc },
  share_agreement_status: {},
  // Answers saved before progress was recorded: they reopen at step 1.
  agent_assessments: { 1: (oldDoc: AgentAssessmentDoc) => ({ ...oldDoc, last_step: 1 }) },
} as const;

export async function openUserDatabase(options: OpenOptions): Promise<UserDatabase> {
  const db = await createRxDatabase<UserCollections>({
    name: options.name,
    storage: storageFor(options),
    multiInstance: options.multiInstance ?? true,
    eventReduce: true,
    closeDuplicates: true,
  });
  const log = () => db.collections.conflict_log;
  await db.addCollections({
    saved_properties: {
      schema: savedPropertySchema,
      migrationStrategies: MIGRATIONS.saved_properties,
      conflictHandler: conflictHandler('saved_properties', log),
    },
    share_subscriptions: {
      schema: shareSubscriptionSchema,
      migrationStrategies: MIGRATIONS.share_subscriptions,
      conflictHandler: conflictHandler('share_subscriptions', log),
    },
    share_agreement_status: {
      schema: shareAgreementStatusSchema,
      migrationStrategies: MIGRATIONS.share_agreement_status,
      conflictHandler: conflictHandler('share_agreement_status', log),
    },
    ...LOCAL_COLLECTIONS,
  });
  return db;
}

export async function openAssessmentDatabase(options: OpenOptions): Promise<AssessmentDatabase> {
  const db = await createRxDatabase<AssessmentCollections>({
    name: options.name,
    storage: storageFor(options),
    multiInstance: options.multiInstance ?? true,
    eventReduce: true,
    closeDuplicates: true,
  });
  await db.addCollections({
    agent_assessments: {
      schema: agentAssessmentSchema,
      migrationStrategies: MIGRATIONS.agent_assessments,
      conflictHandler: conflictHandler('agent_assessments', () => db.collections.conflict_log),
    },
    ...LOCAL_COLLECTIONS,
  });
  return db;
}
