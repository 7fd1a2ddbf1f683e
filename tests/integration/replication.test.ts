import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RxStorage } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  openAssessmentDatabase,
  openUserDatabase,
  type AssessmentDatabase,
  type UserDatabase,
} from '../../src/data/database';
import { startSync, type SyncEngine } from '../../src/data/sync-engine';
import { assessmentSyncTables, userSyncTables } from '../../src/data/synced-tables';
import { createAssessmentClient } from '../../src/lib/assessment-client';
import { deriveSyncStatus } from '../../src/data/sync-status';
import { freePort } from '../../supabase/local/process.mjs';
import { newUser, serviceClient, sql, stack } from './fixtures';

// Simulated devices: each has its own fake IndexedDB, its own RxDB database and its own supabase-js
// client, whose requests can be pointed at a dead port to take the device "offline".
interface Device {
  db: UserDatabase | AssessmentDatabase;
  engine: SyncEngine;
  client: SupabaseClient;
  setOnline(online: boolean): void;
}

// Closed after each test: RxDB's open-source build allows at most 13 open collections.
const devices: Device[] = [];
afterEach(async () => {
  for (const d of devices.splice(0)) {
    await d.engine.stop();
    if (!d.db.closed) await d.db.close();
  }
});

type Rewrite = (url: string, init: RequestInit | undefined) => RequestInit | undefined;

/** A device's network: `setOnline(false)` sends its requests to a dead port; `rewrite` edits them. */
async function deviceNetwork(rewrite?: Rewrite) {
  const dead = `http://127.0.0.1:${await freePort()}`;
  let online = true;
  const options = {
    global: {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        return fetch(online ? url : url.replace(stack().apiUrl, dead), rewrite ? rewrite(url, init) : init);
      },
    },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  };
  return { options, setOnline: (v: boolean) => (online = v) };
}

async function deviceClient(rewrite?: Rewrite) {
  const { options, setOnline } = await deviceNetwork(rewrite);
  const client = createClient(stack().apiUrl, stack().anonKey, {
    ...options,
    auth: { persistSession: false, autoRefreshToken: false },
  });
  return { client, setOnline };
}

const storage = () => getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }) as RxStorage<unknown, unknown>;

async function userDevice(
  email: string,
  password: string,
  userId: string,
  rewrite?: Rewrite,
): Promise<Device & { db: UserDatabase }> {
  const { client, setOnline } = await deviceClient(rewrite);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  const db = await openUserDatabase({
    name: `dev${crypto.randomUUID().slice(0, 8)}`,
    storage: storage(),
    multiInstance: false,
  });
  const engine = startSync({
    db,
    client,
    identifier: userId,
    listen: false,
    tables: userSyncTables(db),
  });
  const device = { db, engine, client, setOnline };
  devices.push(device);
  return device;
}

async function inSync(...ds: Device[]) {
  for (const d of ds) {
    d.engine.reSync();
    await d.engine.awaitInSync();
  }
}

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await fn();
  while (!ok(v)) {
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
    v = await fn();
  }
  return v;
}

describe('replication between two devices of one user', () => {
  it('a draft made on device A appears on device B', async () => {
    const u = await newUser();
    const a = await userDevice(u.email, u.password, u.user.id);
    const b = await userDevice(u.email, u.password, u.user.id);
    const id = crypto.randomUUID();
    await a.db.share_subscriptions.insert({
      id,
      user_id: u.user.id,
      subscriber_name: 'Ada Agent',
      number_of_shares: 7000,
      subscription_price: 1.25,
      total_amount: 8750,
      status: 'draft',
    });
    await inSync(a, b);
    const onB = await until(
      () => b.db.share_subscriptions.findOne(id).exec(),
      (d) => d !== null,
    );
    expect(onB?.toJSON()).toMatchObject({ subscriber_name: 'Ada Agent', number_of_shares: 7000, total_amount: 8750 });
    const [row] = await sql('select subscriber_name, number_of_shares from share_subscriptions where id = $1', [id]);
    expect(row).toEqual({ subscriber_name: 'Ada Agent', number_of_shares: 7000 });
    expect(await a.db.outbox.count().exec()).toBe(0);
  });

  it('both edit while the stack is unreachable; after reconnecting they converge and no edit is silently lost', async () => {
    const u = await newUser();
    const a = await userDevice(u.email, u.password, u.user.id);
    const b = await userDevice(u.email, u.password, u.user.id);
    const subId = crypto.randomUUID();
    const propId = crypto.randomUUID();
    await a.db.share_subscriptions.insert({
      id: subId,
      user_id: u.user.id,
      subscriber_name: 'Base name',
      subscriber_address: 'Base address',
      subscriber_phone: '0100',
      number_of_shares: 5000,
      subscription_price: 1.25,
      total_amount: 6250,
      status: 'draft',
    });
    await a.db.saved_properties.insert({
      id: propId,
      user_id: u.user.id,
      title: 'Flat',
      key_features: ['Garden', 'Parking'],
    });
    await inSync(a, b);
    await until(
      () => b.db.saved_properties.findOne(propId).exec(),
      (d) => d !== null,
    );
    await until(
      () => b.db.share_subscriptions.findOne(subId).exec(),
      (d) => d !== null,
    );

    a.setOnline(false);
    b.setOnline(false);
    await (await a.db.share_subscriptions.findOne(subId).exec())!.incrementalPatch({
      subscriber_name: 'Name from A',
      subscriber_phone: '0111 A',
    });
    await (await b.db.share_subscriptions.findOne(subId).exec())!.incrementalPatch({
      subscriber_address: 'Address from B',
      subscriber_phone: '0222 B',
    });
    await (await a.db.saved_properties.findOne(propId).exec())!.incrementalPatch({
      key_features: ['Garden', 'Parking', 'Lift'],
    });
    await (await b.db.saved_properties.findOne(propId).exec())!.incrementalPatch({ key_features: ['Parking'] });
    a.engine.reSync();
    b.engine.reSync();
    // Offline: the edits wait on each device, nothing reached Postgres.
    await until(
      () => a.db.outbox.count().exec(),
      (n) => n === 2,
    );
    await until(
      () => b.db.outbox.count().exec(),
      (n) => n === 2,
    );
    const [before] = await sql('select subscriber_name, subscriber_address from share_subscriptions where id = $1', [
      subId,
    ]);
    expect(before).toEqual({ subscriber_name: 'Base name', subscriber_address: 'Base address' });

    a.setOnline(true);
    await inSync(a);
    b.setOnline(true);
    await inSync(b);
    await inSync(a, b);

    const [row] = await sql<{ subscriber_name: string; subscriber_address: string; subscriber_phone: string }>(
      'select subscriber_name, subscriber_address, subscriber_phone from share_subscriptions where id = $1',
      [subId],
    );
    // One side changed each of name and address: both kept. Both changed the phone: A was first.
    expect(row).toEqual({
      subscriber_name: 'Name from A',
      subscriber_address: 'Address from B',
      subscriber_phone: '0111 A',
    });
    const [prop] = await sql<{ key_features: string[] }>('select key_features from saved_properties where id = $1', [
      propId,
    ]);
    // A added Lift, B removed Garden.
    expect([...prop!.key_features].sort()).toEqual(['Lift', 'Parking']);

    for (const d of [a, b]) {
      const sub = await until(
        () => d.db.share_subscriptions.findOne(subId).exec(),
        (doc) => doc?.subscriber_address === 'Address from B' && doc?.subscriber_name === 'Name from A',
      );
      expect(sub?.subscriber_phone).toBe('0111 A');
      expect([...((await d.db.saved_properties.findOne(propId).exec())?.key_features ?? [])].sort()).toEqual([
        'Lift',
        'Parking',
      ]);
      expect(await d.db.outbox.count().exec()).toBe(0);
    }
    // B's losing phone number is in B's conflict log, not dropped.
    const log = await b.db.conflict_log.find().exec();
    expect(
      log.map((l) => ({ field: l.field, local: JSON.parse(l.local), server: JSON.parse(l.server) })),
    ).toContainEqual({
      field: 'subscriber_phone',
      local: '0222 B',
      server: '0111 A',
    });
  });

  it("user B's replication never receives user A's rows", async () => {
    const ua = await newUser();
    const ub = await newUser();
    const a = await userDevice(ua.email, ua.password, ua.user.id);
    const b = await userDevice(ub.email, ub.password, ub.user.id);
    await a.db.saved_properties.insert({
      id: crypto.randomUUID(),
      user_id: ua.user.id,
      title: 'A only',
      key_features: [],
    });
    await inSync(a, b);
    expect(await a.db.saved_properties.count().exec()).toBe(1);
    expect(await b.db.saved_properties.count().exec()).toBe(0);
    expect(await b.db.share_subscriptions.count().exec()).toBe(0);
  });

  it('a push the server refuses surfaces as a sync problem and keeps the local document', async () => {
    const u = await newUser();
    const a = await userDevice(u.email, u.password, u.user.id);
    const id = crypto.randomUUID();
    // Valid for the device's schema, refused by Postgres: a signed row needs a name and a signature.
    await a.db.share_subscriptions.insert({
      id,
      user_id: u.user.id,
      number_of_shares: 5000,
      subscription_price: 1.25,
      total_amount: 6250,
      status: 'signed',
    });
    const ok = await a.db.saved_properties.insert({
      id: crypto.randomUUID(),
      user_id: u.user.id,
      title: 'Fine',
      key_features: [],
    });
    await inSync(a);
    const status = deriveSyncStatus(a.engine.inputs$.value);
    expect(status.kind).toBe('error');
    expect(status.label).toMatch(/^Sync problem: .*share_subscriptions_signed_requires/);
    expect(status.pending).toBe(1);
    expect((await a.db.share_subscriptions.findOne(id).exec())?.status).toBe('signed');
    expect(await sql('select 1 from share_subscriptions where id = $1', [id])).toHaveLength(0);
    // The rest of the queue was not blocked.
    expect(await sql('select 1 from saved_properties where id = $1', [ok.id])).toHaveLength(1);
    const exported = JSON.parse(await a.engine.exportUnsynced());
    expect(exported.changes).toHaveLength(1);
    expect(exported.changes[0]).toMatchObject({ table: 'share_subscriptions', id });
  });
});

describe('an expired access token', () => {
  it('is refreshed and the sync carries on, never shown as a sync problem', async () => {
    const u = await newUser();
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ sub: u.user.id, role: 'authenticated', aud: 'authenticated', email: u.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(stack().jwtSecret));
    // The server sees an expired token (a tablet that slept, a clock running behind) until the
    // device refreshes its session.
    let refreshed = 0;
    const d = await userDevice(u.email, u.password, u.user.id, (url, init) => {
      if (url.includes('grant_type=refresh_token')) refreshed++;
      if (refreshed || !url.includes('/rest/v1/')) return init;
      const headers = new Headers(init?.headers);
      headers.set('Authorization', `Bearer ${expired}`);
      return { ...init, headers };
    });
    const errors: string[] = [];
    const sub = d.engine.inputs$.subscribe((i) => i.lastError && errors.push(i.lastError));
    const id = crypto.randomUUID();
    await d.db.saved_properties.insert({ id, user_id: u.user.id, title: 'After a long sleep', key_features: [] });
    await inSync(d);
    sub.unsubscribe();
    expect(refreshed).toBe(1);
    expect(errors).toEqual([]);
    expect(await sql('select title from saved_properties where id = $1', [id])).toEqual([
      { title: 'After a long sleep' },
    ]);
    expect(await d.db.outbox.count().exec()).toBe(0);
  });
});

describe('assessment replication by token', () => {
  async function seedAssessment(expiresInDays = 30) {
    const token = `T${crypto.randomUUID().replace(/-/g, '')}`;
    const { data, error } = await serviceClient()
      .from('agent_assessments')
      .insert({
        token,
        agency_name: 'Acme Lettings',
        main_contact_email: 'a@acme.test',
        expires_at: new Date(Date.now() + expiresInDays * 864e5).toISOString(),
      })
      .select('id')
      .single();
    if (error) throw error;
    return { token, id: data.id as string };
  }

  async function assessmentDevice(token: string) {
    const { options, setOnline } = await deviceNetwork();
    // The app's own assessment client: the token travels as the x-assessment-token header.
    const client = createAssessmentClient(token, options, stack().apiUrl, stack().anonKey);
    const db = await openAssessmentDatabase({
      name: `as${crypto.randomUUID().slice(0, 8)}`,
      storage: storage(),
      multiInstance: false,
    });
    const engine = startSync({ db, client, identifier: token, listen: false, tables: assessmentSyncTables(db) });
    const device = { db, engine, client, setOnline };
    devices.push(device);
    return device;
  }

  it('a valid token receives exactly its row, and answers sync back', async () => {
    const mine = await seedAssessment();
    await seedAssessment(); // another agency's link
    const d = await assessmentDevice(mine.token);
    await inSync(d);
    const docs = await d.db.agent_assessments.find().exec();
    expect(docs.map((x) => x.id)).toEqual([mine.id]);
    await docs[0]!.incrementalPatch({ agency_name: 'Acme Lettings Ltd', tone_of_voice: ['Calm & Reassuring'] });
    await inSync(d);
    const [row] = await sql('select agency_name, tone_of_voice from agent_assessments where id = $1', [mine.id]);
    expect(row).toEqual({ agency_name: 'Acme Lettings Ltd', tone_of_voice: ['Calm & Reassuring'] });
  });

  it('a wrong or expired token receives nothing', async () => {
    const expired = await seedAssessment(-1);
    await seedAssessment();
    for (const token of [expired.token, 'WrongToken0000000000000000']) {
      const d = await assessmentDevice(token);
      await inSync(d);
      expect(await d.db.agent_assessments.count().exec()).toBe(0);
    }
  });
});
