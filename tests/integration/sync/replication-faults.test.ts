// Sync never loses an edit (docs/decisions/013-sync-never-loses-an-edit.md): lost answers, saves
// that change nothing, refused values and the progress marker, between simulated devices
// (devices.ts) and the real stack.
import { afterEach, describe, expect, it } from 'vitest';
import type { UserDatabase } from '../../../src/data/database';
import { deriveSyncStatus } from '../../../src/sync/status';
import { closeDevices, inSync, until, userDevice, type Device } from './devices';
import { newUser, sql, subscriptionIdOf } from '../fixtures';

afterEach(closeDevices);

type UserDevice = Device & { db: UserDatabase };

async function draftOn(device: UserDevice, userId: string, fields: Record<string, unknown> = {}) {
  const doc = await device.db.share_subscriptions.insert({
    id: subscriptionIdOf(userId),
    user_id: userId,
    subscriber_name: 'Base name',
    subscriber_phone: '0100',
    number_of_shares: 5000,
    subscription_price: 1.25,
    total_amount: 6250,
    status: 'draft',
    ...fields,
  });
  return doc.id;
}

const patch = async (device: UserDevice, id: string, fields: Record<string, unknown>) =>
  (await device.db.share_subscriptions.findOne(id).exec())!.incrementalPatch(fields);

const serverRow = async (id: string) =>
  (
    await sql<{ subscriber_name: string; subscriber_phone: string; number_of_shares: number }>(
      'select subscriber_name, subscriber_phone, number_of_shares from share_subscriptions where id = $1',
      [id],
    )
  )[0];

/** Until a pull has brought the draft to `device`. */
const arrived = (device: UserDevice, id: string) =>
  until(
    () => device.db.share_subscriptions.findOne(id).exec(),
    (d) => d !== null,
  );

/** One user's two devices, both holding a draft made on the first. */
async function twoDevicesOnADraft() {
  const u = await newUser();
  const a = await userDevice(u.email, u.password, u.user.id);
  const b = await userDevice(u.email, u.password, u.user.id);
  const id = await draftOn(a, u.user.id);
  await inSync(a, b);
  await arrived(b, id);
  return { a, b, id };
}

const conflicts = (device: UserDevice) => device.db.conflict_log.find().exec();
const outbox = (device: UserDevice) => device.db.outbox.find({ selector: { waiting: true } }).exec();

describe('a push committed whose answer is lost', () => {
  it('the newer edit typed meanwhile reaches the server: the device’s own earlier push is no conflict', async () => {
    const u = await newUser();
    const a = await userDevice(u.email, u.password, u.user.id);
    const id = await draftOn(a, u.user.id);
    await inSync(a);

    a.dropAnswers(1);
    await patch(a, id, { subscriber_name: 'First' });
    await until(
      () => serverRow(id),
      (row) => row?.subscriber_name === 'First',
    );
    // The device did not hear back; the user types on.
    await patch(a, id, { subscriber_name: 'Second', subscriber_phone: '0200' });
    await inSync(a);

    expect(await serverRow(id)).toMatchObject({ subscriber_name: 'Second', subscriber_phone: '0200' });
    expect(await conflicts(a)).toEqual([]);
    expect(await outbox(a)).toEqual([]);
    expect((await a.db.share_subscriptions.findOne(id).exec())?.subscriber_name).toBe('Second');
  });

  it('also for the very first push of a new row', async () => {
    const u = await newUser();
    const a = await userDevice(u.email, u.password, u.user.id);
    a.dropAnswers(1);
    const id = await draftOn(a, u.user.id, { subscriber_name: 'Created' });
    await until(
      () => serverRow(id),
      (row) => row?.subscriber_name === 'Created',
    );
    await patch(a, id, { subscriber_name: 'Edited after' });
    await inSync(a);
    expect((await serverRow(id))?.subscriber_name).toBe('Edited after');
    expect(await conflicts(a)).toEqual([]);
    expect(await outbox(a)).toEqual([]);
  });

  it('when another device writes before the retry, the merge starts from the push that landed', async () => {
    const { a, b, id } = await twoDevicesOnADraft();

    a.dropAnswers(1);
    await patch(a, id, { subscriber_name: 'First' });
    await until(
      () => serverRow(id),
      (row) => row?.subscriber_name === 'First',
    );
    // Device B, which never saw 'First', changes another field: the row is B's now.
    a.setOnline(false);
    await patch(b, id, { subscriber_phone: '0999' });
    await inSync(b);
    await until(
      () => serverRow(id),
      (row) => row?.subscriber_phone === '0999',
    );
    // A typed on meanwhile, and its retry conflicts with B's row.
    await patch(a, id, { subscriber_name: 'Second' });
    a.setOnline(true);
    await inSync(a, a);

    expect(await serverRow(id)).toMatchObject({ subscriber_name: 'Second', subscriber_phone: '0999' });
    expect(await conflicts(a)).toEqual([]);
    await until(
      () => outbox(a),
      (entries) => entries.length === 0,
    );
  });

  it('another device’s write in between is still a conflict, merged by the usual rule', async () => {
    const { a, b, id } = await twoDevicesOnADraft();
    b.setOnline(false);
    await patch(b, id, { subscriber_name: 'From B' });
    await patch(a, id, { subscriber_phone: '0300' });
    await inSync(a);
    b.setOnline(true);
    await inSync(b, a, b);
    expect(await serverRow(id)).toMatchObject({ subscriber_name: 'From B', subscriber_phone: '0300' });
    expect(await conflicts(b)).toEqual([]);
  });
});

describe('a save that changes nothing', () => {
  it('leaves nothing waiting on the device that saved it', async () => {
    const u = await newUser();
    const a = await userDevice(u.email, u.password, u.user.id);
    const b = await userDevice(u.email, u.password, u.user.id);
    const id = await draftOn(a, u.user.id);
    await inSync(a, b);
    const onB = await until(
      () => b.db.share_subscriptions.findOne(id).exec(),
      (d) => d !== null,
    );
    // RxDB writes a new revision for it, and pushes nothing: the document equals the server's.
    await onB!.incrementalPatch({ subscriber_name: 'Base name', subscriber_phone: '0100' });
    await until(
      () => outbox(b),
      (entries) => entries.length === 0,
    );
    await inSync(b);
    expect(deriveSyncStatus(b.engine.inputs$.value).pending).toBe(0);
  });

  it('nor does a change undone before it was pushed', async () => {
    const u = await newUser();
    const a = await userDevice(u.email, u.password, u.user.id);
    const id = await draftOn(a, u.user.id);
    await inSync(a);
    a.setOnline(false);
    await patch(a, id, { subscriber_name: 'Typo' });
    await patch(a, id, { subscriber_name: 'Base name' });
    a.setOnline(true);
    await inSync(a);
    await until(
      () => outbox(a),
      (entries) => entries.length === 0,
    );
  });
});

describe('a value the server refuses', () => {
  it('is reported with its column, and the correction typed after it reaches the server', async () => {
    const u = await newUser();
    const a = await userDevice(u.email, u.password, u.user.id);
    const id = await draftOn(a, u.user.id);
    await inSync(a);

    // Within the device's schema, beyond Postgres' integer.
    await patch(a, id, { number_of_shares: 3_000_000_000, total_amount: 3_750_000_000 });
    const [refused] = await until(
      () => outbox(a),
      (entries) => Boolean(entries[0]?.lastError),
    );
    expect(refused?.lastError).toMatch(/out of range/);
    expect(refused!.refusal).toMatchObject({ code: '22003', server: { number_of_shares: 5000 } });
    expect(deriveSyncStatus(a.engine.inputs$.value).kind).toBe('error');
    expect((await serverRow(id))?.number_of_shares).toBe(5000);
    // A pull that brings the row the server kept when it refused (begun before the refusal, or
    // with its checkpoint behind) is not a newer row: the refusal and the refused values stay.
    await inSync(a);
    expect((await outbox(a))[0]?.lastError).toMatch(/out of range/);
    expect((await a.db.share_subscriptions.findOne(id).exec())?.number_of_shares).toBe(3_000_000_000);
    expect(await conflicts(a)).toEqual([]);

    await patch(a, id, { number_of_shares: 7000, total_amount: 8750 });
    await inSync(a);
    expect((await serverRow(id))?.number_of_shares).toBe(7000);
    expect(await outbox(a)).toEqual([]);
    expect(await conflicts(a)).toEqual([]);
  });

  it('whose row another device changed meanwhile: the correction and the other edit both land', async () => {
    const { a, b, id } = await twoDevicesOnADraft();
    // B wrote last, so A's later pushes cannot count as its own.
    await patch(b, id, { subscriber_phone: '0999' });
    await inSync(b, a);
    await until(
      () => a.db.share_subscriptions.findOne(id).exec(),
      (d) => d?.subscriber_phone === '0999',
    );
    await patch(a, id, { number_of_shares: 3_000_000_000, total_amount: 3_750_000_000 });
    await inSync(a);
    expect((await outbox(a))[0]?.lastError).toMatch(/out of range/);
    await patch(b, id, { subscriber_name: 'Named on B' });
    await inSync(b);
    await patch(a, id, { number_of_shares: 7000, total_amount: 8750 });
    await inSync(a, a);

    expect(await serverRow(id)).toMatchObject({
      subscriber_name: 'Named on B',
      subscriber_phone: '0999',
      number_of_shares: 7000,
    });
    expect(await conflicts(a)).toEqual([]);
    expect(await outbox(a)).toEqual([]);
  });

  it('that a newer row from the server replaces is kept in the conflict log, and nothing stays waiting', async () => {
    const { a, b, id } = await twoDevicesOnADraft();
    await patch(a, id, { number_of_shares: 3_000_000_000, total_amount: 3_750_000_000 });
    await inSync(a);
    await patch(b, id, { number_of_shares: 9000, total_amount: 11250 });
    await inSync(b, a);
    await until(
      () => a.db.share_subscriptions.findOne(id).exec(),
      (d) => d?.number_of_shares === 9000,
    );
    const logged = await conflicts(a);
    expect(logged.map((c) => [c.field, JSON.parse(c.local) as unknown, JSON.parse(c.server) as unknown])).toEqual(
      expect.arrayContaining([['number_of_shares', 3_000_000_000, 9000]]),
    );
    expect(await outbox(a)).toEqual([]);
  });
});
