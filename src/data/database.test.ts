import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase, type RxCollection, type RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { openAssessmentDatabase, openUserDatabase, type AssessmentDatabase, type UserDatabase } from './database';
import {
  savedPropertySchemaLiteral,
  type AgentAssessmentDoc,
  type SavedPropertyDoc,
  type ShareSubscriptionDoc,
} from './schemas';

// Each test gets its own fake IndexedDB: a device of its own.
const device = () => getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }) as RxStorage<unknown, unknown>;
const open: (UserDatabase | AssessmentDatabase)[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) if (!db.closed) await db.close();
});

async function userDb(storage = device()) {
  const { db } = await openUserDatabase({ name: `t${crypto.randomUUID().slice(0, 8)}`, storage, multiInstance: false });
  open.push(db);
  return db;
}

// The tests build invalid documents on purpose, so the builders cast to the document types.
const draft = (over: Record<string, unknown> = {}) =>
  ({
    id: crypto.randomUUID(),
    user_id: crypto.randomUUID(),
    number_of_shares: 5000,
    subscription_price: 1.25,
    total_amount: 6250,
    status: 'draft',
    ...over,
  }) as unknown as ShareSubscriptionDoc;

const assessment = (over: Record<string, unknown> = {}) =>
  ({
    id: crypto.randomUUID(),
    token: 'A'.repeat(22),
    expires_at: new Date().toISOString(),
    status: 'pending',
    tone_of_voice: [],
    office_devices: [],
    mobile_device_types: [],
    preferred_mobile_communication: [],
    property_portals: [],
    primary_ai_goals: [],
    tracking_outcomes: [],
    current_tools: Array(10).fill(''),
    ...over,
  }) as unknown as AgentAssessmentDoc;

describe('collection schemas', () => {
  it('accept what the product rules allow', async () => {
    const db = await userDb();
    await db.share_subscriptions.insert(
      draft({ number_of_shares: 12000, total_amount: 15000, subscriber_phone: null }),
    );
    await db.saved_properties.insert({
      id: crypto.randomUUID(),
      user_id: crypto.randomUUID(),
      title: 'Two bed flat',
      price: 450000,
      bedrooms: 2,
      key_features: ['Garden'],
    });
    expect(await db.share_subscriptions.count().exec()).toBe(1);
    expect(await db.saved_properties.count().exec()).toBe(1);
  });

  it.each([
    ['fewer than 5,000 shares', { number_of_shares: 4000 }],
    ['shares not in steps of 1,000', { number_of_shares: 5500 }],
    ['another price', { subscription_price: 1 }],
    ['an unknown status', { status: 'withdrawn' }],
    ['a signature that is not an image', { signature_data: 'hello' }],
  ])('refuse a subscription with %s', async (_, over) => {
    const db = await userDb();
    await expect(db.share_subscriptions.insert(draft(over))).rejects.toThrow();
    expect(await db.share_subscriptions.count().exec()).toBe(0);
  });

  it('refuse assessment answers outside the option lists, and a tool list that is not 10 slots', async () => {
    const { db } = await openAssessmentDatabase({ name: 'a1', storage: device(), multiInstance: false });
    open.push(db);
    await db.agent_assessments.insert(assessment({ tone_of_voice: ['Calm & Reassuring'], is_phone_voip: 'yes' }));
    await expect(db.agent_assessments.insert(assessment({ tone_of_voice: ['Grumpy'] }))).rejects.toThrow();
    await expect(db.agent_assessments.insert(assessment({ is_phone_voip: 'maybe' }))).rejects.toThrow();
    await expect(db.agent_assessments.insert(assessment({ current_tools: ['only one'] }))).rejects.toThrow();
    await expect(db.agent_assessments.insert(assessment({ call_routing_method: 'Carrier pigeon' }))).rejects.toThrow();
    await expect(db.agent_assessments.insert(assessment({ token: 'short' }))).rejects.toThrow();
    expect(await db.agent_assessments.count().exec()).toBe(1);
  });
});

describe('schema versions', () => {
  it('a schema change with a migration strategy keeps the unsynced drafts of the old version', async () => {
    const storage = device();
    const name = 'migrating';
    const v0 = await createRxDatabase({ name, storage: wrappedValidateAjvStorage({ storage }), multiInstance: false });
    await v0.addCollections({ saved_properties: { schema: savedPropertySchemaLiteral } });
    const id = crypto.randomUUID();
    await v0.saved_properties!.insert({ id, user_id: crypto.randomUUID(), title: 'Unsynced', key_features: [] });
    await v0.close();

    // The next release adds a column: the next version, with a strategy for the documents before it
    // (RxDB asks for one per version; the earlier ones keep documents as they are).
    const next = savedPropertySchemaLiteral.version + 1;
    const v1Schema = {
      ...savedPropertySchemaLiteral,
      version: next,
      properties: { ...savedPropertySchemaLiteral.properties, url: { type: ['string', 'null'] } },
    };
    const strategies = Object.fromEntries(
      Array.from({ length: next }, (_, i) => [
        i + 1,
        i + 1 === next
          ? (old: Record<string, unknown>) => ({ ...old, url: null })
          : (old: Record<string, unknown>) => old,
      ]),
    );
    const v1 = await createRxDatabase<{ saved_properties: RxCollection<SavedPropertyDoc & { url: string | null }> }>({
      name,
      storage: wrappedValidateAjvStorage({ storage }),
      multiInstance: false,
    });
    await v1.addCollections({
      saved_properties: {
        schema: v1Schema,
        migrationStrategies: strategies,
      },
    });
    const doc = await v1.saved_properties.findOne(id).exec();
    expect(doc?.toJSON()).toMatchObject({ id, title: 'Unsynced', url: null });
    await v1.close();
  });
});
