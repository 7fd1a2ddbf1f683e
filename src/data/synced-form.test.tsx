// @vitest-environment jsdom
// The synced form over a real local database (no network): each change is written as made, however
// the page is left; two writers of a field end on one whole value, the loser said and kept.
import { useForm } from '@tanstack/react-form';
import { useState } from 'react';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasUnsavedInput } from '../lib/unsaved-input';
import { closeLocalData, localUserData } from '../testing/local-data';
import { BURST_IDLE_MS, type Fields } from './form-machine';
import { writeKeptChanges } from './page-going';
import type { ShareSubscriptionDoc } from './schemas';
import { draftDocument } from './subscriptions';
import type { SyncedDocument } from './synced-document';
import { useSyncedForm } from './synced-form';
import type { UserData } from './user-data';

afterEach(async () => {
  await closeLocalData();
  localStorage.clear();
  vi.restoreAllMocks();
});

type Values = { name: string; phone: string };
const toStored = (v: Values): Fields => ({
  subscriber_name: v.name.trim() || null,
  subscriber_phone: v.phone.trim() || null,
  number_of_shares: 5000,
  subscription_price: 1.25,
  total_amount: 6250,
});
const toForm = (stored: Fields) => ({
  ...('subscriber_name' in stored ? { name: (stored.subscriber_name as string | null) ?? '' } : {}),
  ...('subscriber_phone' in stored ? { phone: (stored.subscriber_phone as string | null) ?? '' } : {}),
});

function useNameForm(made: SyncedDocument, onWriteError = vi.fn(), initial: Fields | null = null) {
  // As the wizards do: one document for the form's life.
  const [document] = useState(made);
  const form = useForm({ defaultValues: { name: (initial?.subscriber_name as string) ?? '', phone: '' } });
  const synced = useSyncedForm<Values>({
    document,
    form,
    initial,
    toStored,
    toForm,
    formName: (field) => (field === 'subscriber_name' ? 'name' : field === 'subscriber_phone' ? 'phone' : field),
    onWriteError,
  });
  return { form, synced };
}

const drafts = async (data: UserData) =>
  (await data.db.share_subscriptions.find().exec()).map((d) => d.toJSON() as ShareSubscriptionDoc);
const kept = async (data: UserData) =>
  (await data.db.conflict_log.find().exec()).map((e) => ({
    field: e.field,
    local: JSON.parse(e.local) as unknown,
    server: JSON.parse(e.server) as unknown,
    replacedBy: e.replacedBy,
  }));
const ID = '8b0c2f3e-3c1d-8a4b-9c6d-7e8f9a0b1c2d';
/** A write made elsewhere: another tab of this browser (same server time), or a pull (a newer one). */
const storeElsewhere = async (data: UserData, patch: Partial<ShareSubscriptionDoc>) =>
  (await data.db.share_subscriptions.findOne(ID).exec())!.incrementalPatch(patch);

/** 'Start' is stored; this tab types 'B' then 'Bravo' while another tab's value is stored first. */
async function burstLostToAnotherTab(data: UserData, result: { current: ReturnType<typeof useNameForm> }) {
  act(() => result.current.form.setFieldValue('name', 'Start'));
  await waitFor(() => expect(result.current.synced.doc).not.toBeNull());
  await data.writes.idle();
  await new Promise((r) => setTimeout(r, BURST_IDLE_MS + 50));
  act(() => result.current.form.setFieldValue('name', 'B'));
  await storeElsewhere(data, { subscriber_name: 'Explorer Three Tabs' });
  act(() => result.current.form.setFieldValue('name', 'Bravo'));
}

describe('useSyncedForm', () => {
  it('writes a change as it is made: the first makes the document under its id, later ones patch it', async () => {
    const data = await localUserData();
    const { result } = renderHook(() => useNameForm(draftDocument(data, ID)));
    act(() => result.current.form.setFieldValue('name', 'Ada'));
    await waitFor(async () => expect((await drafts(data))[0]?.subscriber_name).toBe('Ada'));
    expect((await drafts(data))[0]?.id).toBe(ID);
    act(() => result.current.form.setFieldValue('phone', '0100'));
    await waitFor(async () => expect((await drafts(data))[0]?.subscriber_phone).toBe('0100'));
    expect(await drafts(data)).toHaveLength(1);
  });

  it('a change still pending when the form goes (a link, Back) is written before its database closes', async () => {
    const data = await localUserData();
    const { result, unmount } = renderHook(() => useNameForm(draftDocument(data, ID)));
    act(() => result.current.form.setFieldValue('name', 'Typed then left'));
    expect(hasUnsavedInput()).toBe(true);
    unmount();
    await data.writes.idle();
    expect((await drafts(data))[0]?.subscriber_name).toBe('Typed then left');
    expect(hasUnsavedInput()).toBe(false);
  });

  it('as the page goes, the change is kept and sent once more, and written', async () => {
    const data = await localUserData();
    const push = vi.spyOn(data.engine, 'pageGoingPush').mockReturnValue(true);
    const { result } = renderHook(() => useNameForm(draftDocument(data, ID)));
    act(() => result.current.form.setFieldValue('name', 'Ada'));
    await waitFor(() => expect(result.current.synced.doc).not.toBeNull());
    act(() => {
      result.current.form.setFieldValue('phone', '0100');
      window.dispatchEvent(new Event('pagehide'));
    });
    const [table, [state]] = push.mock.calls[0]!;
    expect(table).toBe('share_subscriptions');
    expect(state).toMatchObject({ doc: { id: ID, status: 'draft', subscriber_name: 'Ada', subscriber_phone: '0100' } });
    const journal = JSON.parse(localStorage.getItem(`chloe-page-going:${data.db.name}`) ?? '[]') as Fields[];
    expect(journal).toMatchObject([
      { id: ID, changed: { subscriber_phone: '0100' }, base: { subscriber_phone: null } },
    ]);
    await data.writes.idle();
    expect((await drafts(data))[0]?.subscriber_phone).toBe('0100');
  });

  it('a page that goes before the first write is done keeps the document it is making', async () => {
    const data = await localUserData();
    vi.spyOn(data.engine, 'pageGoingPush').mockReturnValue(false);
    const { result } = renderHook(() => useNameForm(draftDocument(data, ID)));
    act(() => {
      result.current.form.setFieldValue('name', 'Ada');
      window.dispatchEvent(new Event('pagehide'));
    });
    const journal = JSON.parse(localStorage.getItem(`chloe-page-going:${data.db.name}`) ?? '[]') as Fields[];
    expect(journal[0]).toMatchObject({ id: ID, made: { id: ID, user_id: data.userId, subscriber_name: 'Ada' } });
  });

  it('a value stored elsewhere shows at once in a field the user is not typing in, and is kept', async () => {
    const data = await localUserData();
    const { result } = renderHook(() => useNameForm(draftDocument(data, ID)));
    act(() => result.current.form.setFieldValue('name', 'Ada'));
    await waitFor(() => expect(result.current.synced.doc).not.toBeNull());
    await storeElsewhere(data, { subscriber_phone: '0999' });
    await waitFor(() => expect(result.current.form.state.values.phone).toBe('0999'));
    act(() => result.current.form.setFieldValue('name', 'Ada Lovelace'));
    await waitFor(async () => expect((await drafts(data))[0]?.subscriber_name).toBe('Ada Lovelace'));
    expect((await drafts(data))[0]?.subscriber_phone).toBe('0999');
    expect(await kept(data)).toEqual([]);
  });

  it('a device that holds no draft takes the one that arrives, into every field', async () => {
    const data = await localUserData();
    const { result } = renderHook(() => useNameForm(draftDocument(data, ID)));
    // Another device made the draft; a pull brings it.
    await data.db.share_subscriptions.insert({
      id: ID,
      user_id: data.userId,
      status: 'draft',
      subscriber_name: 'Alice Investor',
      subscriber_address: '1 A Street, Bath',
      number_of_shares: 5000,
      subscription_price: 1.25,
      total_amount: 6250,
      serverModified: '2026-11-28 10:00:00.000001+00',
    });
    await waitFor(() => expect(result.current.form.state.values.name).toBe('Alice Investor'));
    act(() => result.current.form.setFieldValue('phone', '0100'));
    await waitFor(async () => expect((await drafts(data))[0]?.subscriber_phone).toBe('0100'));
    expect(await drafts(data)).toMatchObject([
      { subscriber_name: 'Alice Investor', subscriber_address: '1 A Street, Bath' },
    ]);
  });

  it('two tabs typing one field: the first stored stands; the other tab shows it when its burst ends, and its value is kept once', async () => {
    const data = await localUserData();
    const { result } = renderHook(() => useNameForm(draftDocument(data, ID)));
    await burstLostToAnotherTab(data, result);
    act(() => result.current.form.setFieldValue('name', 'Bravo Second Tab'));
    await data.writes.idle();
    expect((await drafts(data))[0]?.subscriber_name).toBe('Explorer Three Tabs');
    // While typing, this tab keeps what it types; within a second of the burst's end it shows what stands.
    await waitFor(() => expect(result.current.form.state.values.name).toBe('Explorer Three Tabs'), { timeout: 2000 });
    await waitFor(async () =>
      expect(await kept(data)).toEqual([
        { field: 'subscriber_name', local: 'Bravo Second Tab', server: 'Explorer Three Tabs', replacedBy: 'other-tab' },
      ]),
    );
    expect(result.current.synced.replaced.name).toMatchObject({ local: 'Bravo Second Tab', replacedBy: 'other-tab' });
    expect((await drafts(data))[0]?.subscriber_name).toBe('Explorer Three Tabs');
  });

  it('a tab that goes in a burst that lost: the held value is kept (never sent), and logged once when taken in', async () => {
    const data = await localUserData();
    const push = vi.spyOn(data.engine, 'pageGoingPush').mockReturnValue(true);
    const { result, unmount } = renderHook(() => useNameForm(draftDocument(data, ID)));
    await burstLostToAnotherTab(data, result);
    await data.writes.idle();
    // The tab closes within the burst: the held value is not sent (the stored state may be: it is the value that stands).
    act(() => void window.dispatchEvent(new Event('pagehide')));
    const sent = push.mock.calls.flatMap(([, states]) => states.map((s) => s.doc['subscriber_name']));
    expect(sent.filter((name) => name !== 'Explorer Three Tabs')).toEqual([]);
    const journal = JSON.parse(localStorage.getItem(`chloe-page-going:${data.db.name}`) ?? '[]') as Fields[];
    expect(journal).toMatchObject([{ id: ID, changed: { subscriber_name: 'Bravo' } }]);
    expect((journal[0]?.['sent'] as Fields | undefined)?.['subscriber_name'] ?? null).not.toBe('Bravo');
    unmount();
    // The other tab takes it in (or the next session): it loses again, and is logged once.
    await writeKeptChanges(data);
    await waitFor(async () =>
      expect(await kept(data)).toEqual([
        { field: 'subscriber_name', local: 'Bravo', server: 'Explorer Three Tabs', replacedBy: 'other-tab' },
      ]),
    );
    expect((await drafts(data))[0]?.subscriber_name).toBe('Explorer Three Tabs');
  });

  it('a key typed that changes nothing still holds a stored value back until the burst ends', async () => {
    const data = await localUserData();
    const { result } = renderHook(() => useNameForm(draftDocument(data, ID)));
    act(() => result.current.form.setFieldValue('name', 'O'));
    await waitFor(() => expect(result.current.synced.doc).not.toBeNull());
    await data.writes.idle();
    await new Promise((r) => setTimeout(r, BURST_IDLE_MS + 50));
    // The user types 'O' over a selected 'O': the input fires, the value stays.
    const input = Object.assign(document.createElement('input'), { name: 'name', value: 'O' });
    document.body.append(input);
    try {
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // The same write stores a phone: once the form shows it, it has taken the write in.
      await storeElsewhere(data, { subscriber_name: 'Of', subscriber_phone: '0999' });
      await waitFor(() => expect(result.current.form.state.values.phone).toBe('0999'));
      expect(result.current.form.state.values.name).toBe('O');
      // The burst ends: the value that stands is shown (nothing typed differed, nothing kept).
      await waitFor(() => expect(result.current.form.state.values.name).toBe('Of'), { timeout: 2000 });
      expect(await kept(data)).toEqual([]);
    } finally {
      input.remove();
    }
  });

  it('a value lost to a pull said at its field can be put back', async () => {
    const data = await localUserData();
    const { result } = renderHook(() => useNameForm(draftDocument(data, ID)));
    act(() => result.current.form.setFieldValue('name', 'Mine'));
    await waitFor(() => expect(result.current.synced.doc).not.toBeNull());
    act(() => result.current.form.setFieldValue('name', 'Mine again'));
    await storeElsewhere(data, { subscriber_name: 'Theirs', serverModified: '2026-11-28 10:00:00.000001+00' });
    await waitFor(() => expect(result.current.synced.replaced.name).toMatchObject({ replacedBy: 'other-device' }), {
      timeout: 2000,
    });
    expect(result.current.form.state.values.name).toBe('Theirs');
    act(() => result.current.synced.restore(result.current.synced.replaced.name!));
    await waitFor(async () => expect((await drafts(data))[0]?.subscriber_name).toBe('Mine again'));
    await waitFor(() => expect(result.current.synced.replaced.name).toBeUndefined());
  });

  it('a value lost to a pull that another device puts back is no longer to review, and stays kept', async () => {
    const data = await localUserData();
    const { result } = renderHook(() => useNameForm(draftDocument(data, ID)));
    act(() => result.current.form.setFieldValue('name', 'Mine again'));
    await waitFor(() => expect(result.current.synced.doc).not.toBeNull());
    await storeElsewhere(data, { subscriber_name: 'Theirs', serverModified: '2026-11-28 10:00:00.000001+00' });
    const said = () => expect(result.current.synced.replaced.name).toMatchObject({ local: 'Mine again' });
    await waitFor(said, { timeout: 2000 });
    // The other device puts it back ('Put theirs back' there): a pull brings it.
    await storeElsewhere(data, { subscriber_name: 'Mine again', serverModified: '2026-11-28 10:00:01.000001+00' });
    await waitFor(() => expect(result.current.synced.replaced.name).toBeUndefined());
    expect(await kept(data)).toMatchObject([{ local: 'Mine again', server: 'Theirs' }]);
  });

  it('a write that fails is said, and the change is written with the next one', async () => {
    const data = await localUserData();
    const real = draftDocument(data, ID);
    let fail = true;
    const flaky: SyncedDocument = {
      ...real,
      insert: (made, from) => (fail ? Promise.reject(new Error('disk full')) : real.insert!(made, from)),
      write: (change) => (fail ? Promise.reject(new Error('disk full')) : real.write(change)),
    };
    const onWriteError = vi.fn();
    const { result } = renderHook(() => useNameForm(flaky, onWriteError));
    act(() => result.current.form.setFieldValue('name', 'First'));
    await waitFor(() => expect(onWriteError).toHaveBeenCalledWith(new Error('disk full')));
    expect(await drafts(data)).toEqual([]);
    fail = false;
    act(() => result.current.form.setFieldValue('phone', '0100'));
    await waitFor(async () =>
      expect((await drafts(data))[0]).toMatchObject({ subscriber_name: 'First', subscriber_phone: '0100' }),
    );
  });

  it('flush waits for the last change; nothing typed, nothing written unless asked to create', async () => {
    const data = await localUserData();
    function Probe({ onReady }: { onReady: (flush: ReturnType<typeof useSyncedForm>['flush']) => void }) {
      onReady(useNameForm(draftDocument(data, ID)).synced.flush);
      return null;
    }
    let flush: ReturnType<typeof useSyncedForm>['flush'] | undefined;
    render(<Probe onReady={(f) => (flush = f)} />);
    expect(await flush!()).toBe(ID);
    expect(await drafts(data)).toEqual([]);
    expect(await flush!({ create: true })).toBe(ID);
    expect((await drafts(data)).map((d) => d.id)).toEqual([ID]);
  });
});
