// Replication between simulated devices of one user (devices.ts): the app's RxDB databases and sync
// engine against the local stack, online and offline.
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { deriveSyncStatus } from '../../../src/sync/status';
import { closeDevices, inSync, until, userDevice } from './devices';
import { newUser, sql, stack, subscriptionIdOf } from '../fixtures';

afterEach(closeDevices);

describe('replication between two devices of one user', () => {
  it('a draft made on device A appears on device B', async () => {
    const u = await newUser();
    const a = await userDevice(u.email, u.password, u.user.id);
    const b = await userDevice(u.email, u.password, u.user.id);
    const id = subscriptionIdOf(u.user.id);
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
    expect(await a.db.outbox.count({ selector: { waiting: true } }).exec()).toBe(0);
  });

  it('both edit while the stack is unreachable; after reconnecting they converge and no edit is silently lost', async () => {
    const u = await newUser();
    const a = await userDevice(u.email, u.password, u.user.id);
    const b = await userDevice(u.email, u.password, u.user.id);
    const subId = subscriptionIdOf(u.user.id);
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
      () => a.db.outbox.count({ selector: { waiting: true } }).exec(),
      (n) => n === 2,
    );
    await until(
      () => b.db.outbox.count({ selector: { waiting: true } }).exec(),
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
      expect(await d.db.outbox.count({ selector: { waiting: true } }).exec()).toBe(0);
    }
    // B's losing phone number is in B's conflict log, not dropped.
    const log = await b.db.conflict_log.find().exec();
    expect(
      log.map((l) => ({
        field: l.field,
        local: JSON.parse(l.local) as unknown,
        server: JSON.parse(l.server) as unknown,
      })),
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
    const id = subscriptionIdOf(u.user.id);
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
    // In words, never the constraint's name (refusal-words.ts).
    expect(status.label).toMatch(/^Sync problem: A signed subscription needs (a name|a signature|an address)/);
    expect(status.pending).toBe(1);
    expect((await a.db.share_subscriptions.findOne(id).exec())?.status).toBe('signed');
    expect(await sql('select 1 from share_subscriptions where id = $1', [id])).toHaveLength(0);
    // The rest of the queue was not blocked.
    expect(await sql('select 1 from saved_properties where id = $1', [ok.id])).toHaveLength(1);
    const exported = JSON.parse(await a.engine.exportUnsynced()) as { changes: unknown[] };
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
    expect(await d.db.outbox.count({ selector: { waiting: true } }).exec()).toBe(0);
  });
});
