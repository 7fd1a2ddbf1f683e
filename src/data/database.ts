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
import { getAjv, wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { merge3, sameData, type Doc } from './conflict';
import { logLostValues } from './lost-values';
import { takeLandedBase, trueServerState, upToDate } from './outbox';
import {
  agentAssessmentSchema,
  emailLogSchema,
  LIST_FIELDS,
  savedPropertySchema,
  shareAgreementStatusSchema,
  shareSubscriptionSchema,
  type AgentAssessmentDoc,
  type EmailLogDoc,
  type SavedPropertyDoc,
  type ShareAgreementStatusDoc,
  type ShareSubscriptionDoc,
} from './schemas';

addRxPlugin(RxDBMigrationSchemaPlugin);
addRxPlugin(RxDBLeaderElectionPlugin);
// Online-only data kept on the device (on-device.ts) lives in local documents, not collections.
addRxPlugin(RxDBLocalDocumentsPlugin);

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
  /** Why, and the row as the server kept it (JSON `Refusal`): kept until the server accepts a
   * later state, so the next push is judged against the server's row, not the refused one. */
  refusal?: string | null;
  /** States sent in pushes not answered yet (JSON `SentState[]`): if an answer is lost and one of
   * them landed, a conflict is merged against it rather than against an older assumed state. */
  sent?: string | null;
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
  version: 2,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 120 },
    table: { type: 'string' },
    docId: { type: 'string' },
    since: { type: 'number' },
    lastError: { type: ['string', 'null'] },
    refused: { type: ['string', 'null'] },
    refusal: { type: ['string', 'null'] },
    sent: { type: ['string', 'null'] },
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

/** Rows whose server state is final: the device takes the server's row as it is. */
const SERVER_IS_FINAL: Partial<Record<SyncedCollectionName, (server: Doc) => boolean>> = {
  share_subscriptions: (server) => server.status === 'signed' || server.status === 'cancelled',
  agent_assessments: (server) => server.status === 'completed',
  share_agreement_status: () => true,
  email_logs: () => true,
};

/** Fields each device keeps for itself: its own value wins a conflict, and nothing is logged. */
const DEVICE_OWNED: Partial<Record<SyncedCollectionName, readonly string[]>> = {
  // Where this device's wizard reopens: the device is the authority for its own progress.
  agent_assessments: ['last_step'],
};

interface LocalCollections {
  outbox?: RxCollection<OutboxEntry>;
  conflict_log?: RxCollection<ConflictLogEntry>;
}

/** The conflict rule (docs/decisions/003-sync.md) as an RxDB conflict handler; losing local values go to the log. */
function conflictHandler(name: SyncedCollectionName, local: () => LocalCollections) {
  return {
    isEqual: (a: Doc, b: Doc, context?: string) => {
      const equal = sameData(a, b);
      // RxDB pushes nothing for a document equal to what it assumes the server has (a save that
      // changed nothing, a change undone): what the outbox recorded for it is settled here.
      const outbox = local().outbox;
      if (equal && context === 'upstream-check-if-equal' && outbox) void upToDate(outbox, name, b);
      return equal;
    },
    resolve: async (input: { assumedMasterState?: Doc; realMasterState: Doc; newDocumentState: Doc }) => {
      const docId = String(input.realMasterState.id);
      const { outbox, conflict_log } = local();
      // After a refusal RxDB assumes the server has the refused state; it has the row it kept.
      // After a lost answer it assumes an older state than the one this device's push left.
      const base = outbox
        ? (takeLandedBase(outbox, name, docId) ??
          (await trueServerState(outbox, name, docId, input.assumedMasterState)))
        : input.assumedMasterState;
      const { doc, lost } = merge3(base, input.newDocumentState, input.realMasterState, {
        listFields: LIST_FIELDS[name] ?? [],
        deviceOwned: DEVICE_OWNED[name] ?? [],
        serverIsFinal: SERVER_IS_FINAL[name],
      });
      await logLostValues(conflict_log, name, docId, lost);
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

// The schemas are this file's own, fixed at build time: Ajv need not first check each against the
// JSON Schema meta-schema, whose validator it would otherwise compile on a phone while a page
// opens. Strict mode still refuses an unknown keyword when a schema is compiled.
getAjv().opts.validateSchema = false;

function storageFor(options: OpenOptions): RxStorage<unknown, unknown> {
  // Validation is on for every collection of the app: a bad local write is refused with a clear
  // message before it can sit in the outbox (dev-mode is never loaded: it fetches from the network).
  const raw: RxStorage<unknown, unknown> = options.storage ?? getRxStorageDexie();
  const validated = wrappedValidateAjvStorage({ storage: raw });
  return {
    ...validated,
    // RxDB's own stores (its internal one, the replication's checkpoints, local documents), whose
    // schemas are titled Rx…, are written by RxDB alone: compiling a validator for each cost a
    // phone's main thread more than opening the database (issue 18).
    createStorageInstance: (params) =>
      params.schema.title?.startsWith('Rx')
        ? raw.createStorageInstance(params)
        : validated.createStorageInstance(params),
  };
}

const LOCAL_COLLECTIONS = {
  // Versions 1 and 2 added `refusal` and `sent`: entries from before simply have none.
  outbox: {
    schema: outboxSchema,
    migrationStrategies: { 1: (oldDoc: OutboxEntry) => oldDoc, 2: (oldDoc: OutboxEntry) => oldDoc },
  },
  conflict_log: { schema: conflictLogSchema },
} as const;

// Migration strategies keyed by the version they produce. Version 0 needs none; a later schema
// change adds e.g. `1: (oldDoc) => ({ ...oldDoc, newField: null })` so unsynced drafts survive.
export const MIGRATIONS = {
  // Properties saved before the listing was recorded: none of it is known (the server's have none either).
  saved_properties: { 1: (oldDoc: SavedPropertyDoc) => oldDoc },
  // Drafts written before signing evidence existed: the new fields are simply empty.
  share_subscriptions: { 1: (oldDoc: ShareSubscriptionDoc) => oldDoc },
  share_agreement_status: {},
  // Logs pulled before the Gmail ids and the reason existed have none (the server's have none either).
  email_logs: { 1: (oldDoc: EmailLogDoc) => oldDoc },
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
    localDocuments: true,
  });
  const local = () => db.collections as LocalCollections;
  await db.addCollections({
    saved_properties: {
      schema: savedPropertySchema,
      migrationStrategies: MIGRATIONS.saved_properties,
      conflictHandler: conflictHandler('saved_properties', local),
    },
    share_subscriptions: {
      schema: shareSubscriptionSchema,
      migrationStrategies: MIGRATIONS.share_subscriptions,
      conflictHandler: conflictHandler('share_subscriptions', local),
    },
    share_agreement_status: {
      schema: shareAgreementStatusSchema,
      migrationStrategies: MIGRATIONS.share_agreement_status,
      conflictHandler: conflictHandler('share_agreement_status', local),
    },
    email_logs: {
      schema: emailLogSchema,
      migrationStrategies: MIGRATIONS.email_logs,
      conflictHandler: conflictHandler('email_logs', local),
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
      conflictHandler: conflictHandler('agent_assessments', () => db.collections as LocalCollections),
    },
    ...LOCAL_COLLECTIONS,
  });
  return db;
}
