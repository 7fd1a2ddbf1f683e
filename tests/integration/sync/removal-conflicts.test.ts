// A removal meeting a change made elsewhere (ADR 034), through the app's own RxDB database and sync
// engine against the local stack (devices.ts): neither side's action is lost without a trace.
import { afterEach, describe, expect, it } from 'vitest';
import { closeDevices, inSync, savedListing, until, userDevice, type Device } from './devices';
import { newUser, sql } from '../fixtures';

afterEach(closeDevices);

const row = async (id: string) =>
  (
    await sql<{ title: string; price: number; _deleted: boolean }>(
      'select title, price::float8 as price, _deleted from saved_properties where id = $1',
      [id],
    )
  )[0];

const kept = async (d: Device) =>
  (await d.db.conflict_log.find().exec()).map((e) => ({
    field: e.field,
    local: JSON.parse(e.local) as unknown,
    server: JSON.parse(e.server) as unknown,
    reviewed: e.reviewed,
  }));

describe('a removal and a change made elsewhere', () => {
  it('removed offline while the extension saved the listing again: the row stands and the removal is logged', async () => {
    const u = await newUser();
    const a = await userDevice(u.email, u.password, u.user.id);
    const id = await savedListing(u, a);
    await until(
      () => a.db.saved_properties.findOne(id).exec(),
      (d) => d !== null,
    );

    a.setOnline(false);
    await (await a.db.saved_properties.findOne(id).exec())!.remove();
    a.engine.reSync();
    await until(
      () => a.db.outbox.count({ selector: { waiting: true } }).exec(),
      (n) => n === 1,
    );
    // The extension saves the listing again: a plain update with the user's token.
    const { error } = await u.client
      .from('saved_properties')
      .update({ title: '2 bed flat, reduced', price: 380_000 })
      .eq('id', id);
    expect(error).toBeNull();

    a.setOnline(true);
    await inSync(a);
    await until(
      () => a.db.outbox.count({ selector: { waiting: true } }).exec(),
      (n) => n === 0,
    );
    expect(await row(id)).toEqual({ title: '2 bed flat, reduced', price: 380_000, _deleted: false });
    const local = await until(
      () => a.db.saved_properties.findOne(id).exec(),
      (d) => d !== null,
    );
    expect(local?.toJSON()).toMatchObject({ title: '2 bed flat, reduced', price: 380_000 });
    expect(await kept(a)).toEqual([{ field: '_deleted', local: true, server: false, reviewed: false }]);

    // Nothing of the removal is sent again later.
    await inSync(a);
    expect(await row(id)).toMatchObject({ _deleted: false });
    expect(await a.db.outbox.count({ selector: { waiting: true } }).exec()).toBe(0);
  });

  it('removed offline and unchanged elsewhere: the removal applies, nothing logged', async () => {
    const u = await newUser();
    const a = await userDevice(u.email, u.password, u.user.id);
    const id = await savedListing(u, a);
    await until(
      () => a.db.saved_properties.findOne(id).exec(),
      (d) => d !== null,
    );
    a.setOnline(false);
    await (await a.db.saved_properties.findOne(id).exec())!.remove();
    a.setOnline(true);
    await inSync(a);
    await until(
      () => row(id),
      (r) => r?._deleted === true,
    );
    expect(await a.db.saved_properties.findOne(id).exec()).toBeNull();
    expect(await kept(a)).toEqual([]);
  });

  it('changed offline while removed elsewhere: the removal stands and the change is logged', async () => {
    const u = await newUser();
    const a = await userDevice(u.email, u.password, u.user.id);
    const id = await savedListing(u, a);
    await until(
      () => a.db.saved_properties.findOne(id).exec(),
      (d) => d !== null,
    );
    a.setOnline(false);
    await (await a.db.saved_properties.findOne(id).exec())!.incrementalPatch({ title: 'Flat to view' });
    const { error } = await u.client.from('saved_properties').update({ _deleted: true }).eq('id', id);
    expect(error).toBeNull();

    a.setOnline(true);
    await inSync(a);
    await until(
      () => a.db.outbox.count({ selector: { waiting: true } }).exec(),
      (n) => n === 0,
    );
    expect(await row(id)).toEqual({ title: '2 bed flat', price: 400_000, _deleted: true });
    expect(await a.db.saved_properties.findOne(id).exec()).toBeNull();
    expect(await kept(a)).toEqual([{ field: 'title', local: 'Flat to view', server: '2 bed flat', reviewed: false }]);
  });
});
