// The push a page sends as it goes (src/sync/last-push.ts): a compare-and-set of the fields it
// changed ("partial"), judged field by field (supabase/schemas/sync/50-push-rows.sql).
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from '../fixtures';
import { dbRow, property, pull, push, pushNew, user, removeSyncData } from '../sync-fixtures';

afterAll(removeSyncData);

describe('sync_push, partial', () => {
  it('sets the changed fields where they still hold what they were changed from, and nothing else', async () => {
    const a = await user();
    const [row] = await pushNew(a, 'saved_properties', [property(a, 'Was', { bedrooms: 2 })]);
    // Another device changed another field meanwhile: it stays.
    await sql('update public.saved_properties set bedrooms = 3 where id = $1', [row!.id]);
    const answer = await push(a.client, 'saved_properties', [
      { new: { id: row!.id, title: 'Typed' }, assumed: { id: row!.id, title: 'Was' }, partial: true, writer: 'dev-a' },
    ]);
    expect(answer).toEqual({ conflicts: [], errors: [] });
    // It claims no row: the row is not the device's whole state (see the next test).
    expect(await dbRow('saved_properties', row!.id)).toMatchObject({ title: 'Typed', bedrooms: 3, _writer: null });
  });

  it("lands under its write id, so the device can tell its own change from another device's", async () => {
    const a = await user();
    const [row] = await pushNew(a, 'saved_properties', [property(a, 'Was')]);
    await push(a.client, 'saved_properties', [
      {
        new: { id: row!.id, title: 'Typed' },
        assumed: { id: row!.id, title: 'Was' },
        partial: true,
        writer: 'dev-a',
        write_id: 'page-went',
      },
    ]);
    const landed = await dbRow('saved_properties', row!.id);
    expect(landed).toMatchObject({ title: 'Typed', _writer: null });
    expect(landed?._landed).toMatchObject({ 'dev-a': 'page-went' });
    // Refused (another device changed the field since): nothing lands, and the record stays.
    await push(a.client, 'saved_properties', [
      {
        new: { id: row!.id, title: 'Again' },
        assumed: { id: row!.id, title: 'Was' },
        partial: true,
        writer: 'dev-a',
        write_id: 'not-landed',
      },
    ]);
    expect((await dbRow('saved_properties', row!.id))?._landed).toMatchObject({ 'dev-a': 'page-went' });
  });

  it("…so the device's older whole state, pushed next, meets a conflict rather than its own write", async () => {
    const a = await user();
    const [row] = await pushNew(a, 'saved_properties', [property(a, 'Was', { bedrooms: 2 })]);
    const [seen] = (await pull(a.client, 'saved_properties', null)).documents;
    // dev-a pushes (the row is its write), another device changes bedrooms, dev-a's page goes.
    await push(a.client, 'saved_properties', [{ new: { ...seen!, title: 'Typ' }, assumed: seen!, writer: 'dev-a' }]);
    await push(a.client, 'saved_properties', [
      { new: { id: row!.id, bedrooms: 3 }, assumed: { id: row!.id, bedrooms: 2 }, partial: true, writer: 'dev-b' },
    ]);
    await push(a.client, 'saved_properties', [
      { new: { id: row!.id, title: 'Typed' }, assumed: { id: row!.id, title: 'Typ' }, partial: true, writer: 'dev-a' },
    ]);
    // Its next session pushes what its database holds, which never had bedrooms = 3.
    const answer = await push(a.client, 'saved_properties', [
      { new: { ...seen!, title: 'Typed' }, assumed: { ...seen!, title: 'Typ' }, writer: 'dev-a' },
    ]);
    expect(answer.conflicts.map((c) => c.id)).toEqual([row!.id]);
    expect(await dbRow('saved_properties', row!.id)).toMatchObject({ title: 'Typed', bedrooms: 3 });
  });

  it('leaves a field another device changed since: a conflict, and the row as it was', async () => {
    const a = await user();
    const [row] = await pushNew(a, 'saved_properties', [property(a, 'Was')]);
    const [seen] = (await pull(a.client, 'saved_properties', null)).documents;
    await push(a.client, 'saved_properties', [{ new: { ...seen!, title: 'From B' }, assumed: seen!, writer: 'dev-b' }]);
    const answer = await push(a.client, 'saved_properties', [
      {
        new: { id: row!.id, title: 'Typed on A' },
        assumed: { id: row!.id, title: 'Was' },
        partial: true,
        writer: 'dev-a',
      },
    ]);
    expect(answer.errors).toEqual([]);
    expect(answer.conflicts.map((c) => c.id)).toEqual([row!.id]);
    expect(await dbRow('saved_properties', row!.id)).toMatchObject({ title: 'From B', _writer: 'dev-b' });
  });

  it('takes the change over its own earlier write (this device wrote the row last)', async () => {
    const a = await user();
    const [row] = await pushNew(a, 'saved_properties', [property(a, 'Was')]);
    const [seen] = (await pull(a.client, 'saved_properties', null)).documents;
    await push(a.client, 'saved_properties', [
      { new: { ...seen!, title: 'Typ', bedrooms: 4 }, assumed: seen!, writer: 'dev-a', write_id: 'w' },
    ]);
    // The page never heard that 'Typ' landed: it still thinks the field was 'Was'.
    const answer = await push(a.client, 'saved_properties', [
      {
        new: { id: row!.id, title: 'Typed' },
        assumed: { id: row!.id, title: 'Was' },
        partial: true,
        writer: 'dev-a',
        write_id: 'p',
        // The page's own pushes: the row is one of them.
        after: ['w'],
      },
    ]);
    expect(answer).toEqual({ conflicts: [], errors: [] });
    // It stands for the device's own write with its fields (bedrooms 4, not what the page assumed):
    // it lands as both ids, so the device knows (src/sync/outbox.ts).
    const landed = await dbRow('saved_properties', row!.id);
    expect(landed).toMatchObject({ title: 'Typed', bedrooms: 4, _writer: null });
    expect(landed?._landed).toMatchObject({ 'dev-a': 'w+p' });
  });

  it('never inserts: some fields of a row the server does not have are nothing to make', async () => {
    const a = await user();
    const id = crypto.randomUUID();
    const answer = await push(a.client, 'saved_properties', [
      { new: { id, title: 'Typed' }, assumed: { id, title: null }, partial: true, writer: 'dev-a' },
    ]);
    expect(answer).toEqual({ conflicts: [], errors: [] });
    expect(await sql('select id from public.saved_properties where id = $1', [id])).toEqual([]);
  });

  it("is not taken over the device's later write from another page: a late one is judged, not trusted", async () => {
    const a = await user();
    const [row] = await pushNew(a, 'saved_properties', [property(a, 'Was')]);
    const [seen] = (await pull(a.client, 'saved_properties', null)).documents;
    // A page of dev-a went with 'Typed' (never pushed); its request is late. The next page of
    // dev-a has written 'Typed again' since.
    await push(a.client, 'saved_properties', [
      { new: { ...seen!, title: 'Typed again' }, assumed: seen!, writer: 'dev-a', write_id: 'later' },
    ]);
    const answer = await push(a.client, 'saved_properties', [
      {
        new: { id: row!.id, title: 'Typed' },
        assumed: { id: row!.id, title: 'Was' },
        partial: true,
        writer: 'dev-a',
        write_id: 'late',
        after: ['its-own'],
      },
    ]);
    expect(answer.conflicts.map((c) => c.id)).toEqual([row!.id]);
    const now = await dbRow('saved_properties', row!.id);
    expect(now).toMatchObject({ title: 'Typed again', _writer: 'dev-a' });
    expect(now?._landed).toMatchObject({ 'dev-a': 'later' });
  });
});
