// The synced form over a real local database (no network): every change is written as it is
// made, whatever way the page is left, and a failed write is said and tried again.
import { useForm } from '@tanstack/react-form';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasUnsavedInput } from '../lib/unsaved-input';
import { closeLocalData, localUserData } from '../testing/local-data';
import type { Fields, NewestState } from './form-sync';
import type { ShareSubscriptionDoc } from './schemas';
import { draftDocument } from './subscriptions';
import type { SyncedDocument } from './synced-document';
import { useSyncedForm } from './synced-form';
import type { UserData } from './user-data';

afterEach(closeLocalData);

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

function useNameForm(document: SyncedDocument, onWriteError = vi.fn()) {
  const form = useForm({ defaultValues: { name: '', phone: '' } });
  const synced = useSyncedForm<Values>({
    document,
    form,
    initial: null,
    initialId: null,
    toStored,
    toForm,
    formName: (field) => (field === 'subscriber_name' ? 'name' : field === 'subscriber_phone' ? 'phone' : field),
    onWriteError,
  });
  return { form, synced };
}

const drafts = async (data: UserData) =>
  (await data.db.share_subscriptions.find().exec()).map((d) => d.toJSON() as ShareSubscriptionDoc);

describe('useSyncedForm', () => {
  it('writes a change as it is made: the first makes the document, later ones patch it', async () => {
    const data = await localUserData();
    const { result } = renderHook(() => useNameForm(draftDocument(data)));
    act(() => result.current.form.setFieldValue('name', 'Ada'));
    await waitFor(async () => expect((await drafts(data))[0]?.subscriber_name).toBe('Ada'));
    const [made] = await drafts(data);
    await waitFor(() => expect(result.current.synced.id).toBe(made?.id));
    act(() => result.current.form.setFieldValue('phone', '0100'));
    await waitFor(async () => expect((await drafts(data))[0]?.subscriber_phone).toBe('0100'));
    expect(await drafts(data)).toHaveLength(1);
  });

  it('a change still pending when the form goes (a link, Back) is written before its database closes', async () => {
    const data = await localUserData();
    const { result, unmount } = renderHook(() => useNameForm(draftDocument(data)));
    act(() => result.current.form.setFieldValue('name', 'Typed then left'));
    expect(hasUnsavedInput()).toBe(true);
    unmount();
    await data.writes.idle();
    expect((await drafts(data))[0]?.subscriber_name).toBe('Typed then left');
    expect(hasUnsavedInput()).toBe(false);
  });

  it('closing the tab (pagehide) writes what is pending at once', async () => {
    const data = await localUserData();
    const { result } = renderHook(() => useNameForm(draftDocument(data)));
    act(() => {
      result.current.form.setFieldValue('name', 'Closing');
      window.dispatchEvent(new Event('pagehide'));
    });
    await data.writes.idle();
    expect((await drafts(data))[0]?.subscriber_name).toBe('Closing');
  });

  it('as the page goes, its newest state is sent once more: what was written and what was not yet', async () => {
    const data = await localUserData();
    const sent: Fields[] = [];
    const document: SyncedDocument = { ...draftDocument(data), asThePageGoes: ({ doc }) => sent.push(doc) };
    const { result } = renderHook(() => useNameForm(document));
    act(() => result.current.form.setFieldValue('name', 'Ada'));
    await waitFor(() => expect(result.current.synced.id).not.toBeNull());
    await waitFor(() => expect(result.current.synced.doc).not.toBeNull());
    act(() => {
      result.current.form.setFieldValue('phone', '0100');
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      id: result.current.synced.id,
      user_id: data.userId,
      status: 'draft',
      subscriber_name: 'Ada',
      subscriber_phone: '0100',
    });
  });

  it('a page that goes before the first write is done sends the document it is making, with the id it gets', async () => {
    const data = await localUserData();
    const sent: NewestState[] = [];
    const real = draftDocument(data);
    let insert: (() => void) | null = null;
    const document: SyncedDocument = {
      ...real,
      // The device's database is slow to take the first write (it is busy with a pull, say).
      insert: (made) => new Promise<void>((resolve) => (insert = () => void real.insert!(made).then(resolve))),
      asThePageGoes: (newest) => sent.push(newest),
    };
    const { result } = renderHook(() => useNameForm(document));
    act(() => result.current.form.setFieldValue('name', 'A'));
    act(() => {
      result.current.form.setFieldValue('name', 'Ada');
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      created: true,
      doc: { user_id: data.userId, status: 'draft', subscriber_name: 'Ada' },
    });
    const id = sent[0]!.doc.id;
    await waitFor(() => expect(insert).not.toBeNull());
    insert!();
    await data.writes.idle();
    expect((await drafts(data)).map((d) => [d.id, d.subscriber_name])).toEqual([[id, 'Ada']]);
  });

  it('a page that goes while a save is under way (Save & Continue Later, then the tab closed) sends that save', async () => {
    const data = await localUserData();
    const sent: NewestState[] = [];
    const real = draftDocument(data);
    let reading: (() => void) | null = null;
    const document: SyncedDocument = {
      ...real,
      asThePageGoes: (newest) => sent.push(newest),
    };
    const { result } = renderHook(() => useNameForm(document));
    act(() => result.current.form.setFieldValue('name', 'Ada'));
    await waitFor(() => expect(result.current.synced.doc).not.toBeNull());
    // The save's read of the stored document is slow: the page goes while the save is under way.
    document.read = (id) => new Promise((resolve) => (reading = () => void real.read(id).then(resolve)));
    act(() => result.current.form.setFieldValue('name', 'Ada Lovelace'));
    const saving = act(() => result.current.synced.flush());
    await waitFor(() => expect(reading).not.toBeNull());
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(sent.at(-1)?.changed).toMatchObject({ subscriber_name: 'Ada Lovelace' });
    reading!();
    await saving;
  });

  it('a value pulled from elsewhere shows in a field the user is not in, and the next write keeps it', async () => {
    const data = await localUserData();
    const { result } = renderHook(() => useNameForm(draftDocument(data)));
    act(() => result.current.form.setFieldValue('name', 'Ada'));
    await waitFor(() => expect(result.current.synced.id).not.toBeNull());
    const doc = await data.db.share_subscriptions.findOne(result.current.synced.id!).exec();
    await doc!.incrementalPatch({ subscriber_phone: '0999' });
    await waitFor(() => expect(result.current.form.state.values.phone).toBe('0999'));
    act(() => result.current.form.setFieldValue('name', 'Ada Lovelace'));
    await waitFor(async () => expect((await drafts(data))[0]?.subscriber_name).toBe('Ada Lovelace'));
    expect((await drafts(data))[0]?.subscriber_phone).toBe('0999');
    expect(await data.conflictLog.collection.count().exec()).toBe(0);
  });

  it('a write that fails is said, and the change is written with the next one', async () => {
    const data = await localUserData();
    const real = draftDocument(data);
    let fail = true;
    const flaky: SyncedDocument = {
      ...real,
      insert: (made) => (fail ? Promise.reject(new Error('disk full')) : real.insert!(made)),
      write: (id, patch) => (fail ? Promise.reject(new Error('disk full')) : real.write(id, patch)),
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
      onReady(useNameForm(draftDocument(data)).synced.flush);
      return null;
    }
    let flush: ReturnType<typeof useSyncedForm>['flush'] | undefined;
    render(<Probe onReady={(f) => (flush = f)} />);
    expect(await flush!()).toBeNull();
    expect(await drafts(data)).toEqual([]);
    const id = await flush!({ create: true });
    expect((await drafts(data)).map((d) => d.id)).toEqual([id]);
  });

  it("another tab's save landing between this save's read and its write is replaced knowingly, kept in the log", async () => {
    const data = await localUserData();
    const doc = draftDocument(data);
    let stale: Fields | null = null;
    // This tab's read comes back before the other tab's write lands: the interleaving of two tabs.
    const { result } = renderHook(() => useNameForm({ ...doc, read: async (id) => stale ?? doc.read(id) }));
    act(() => result.current.form.setFieldValue('name', 'Ada'));
    await waitFor(() => expect(result.current.synced.id).not.toBeNull());
    const id = result.current.synced.id!;
    await data.writes.idle();
    stale = await doc.read(id);
    await (await data.db.share_subscriptions.findOne(id).exec())!.incrementalPatch({ subscriber_name: 'Grace' });
    await waitFor(() => expect(result.current.form.state.values.name).toBe('Grace'));

    act(() => result.current.form.setFieldValue('name', 'Ada Lovelace'));
    await waitFor(async () => expect((await drafts(data))[0]?.subscriber_name).toBe('Ada Lovelace'));
    await data.writes.idle();
    const kept = (await data.db.conflict_log.find().exec()).map((e) => [e.field, JSON.parse(e.local) as unknown]);
    expect(kept).toContainEqual(['subscriber_name', 'Grace']);
  });
});
