// The form's controller with a document in memory: what it writes, and what it makes of the echo
// of its own writes (docs/decisions/030-two-writers-one-truth.md).
import { EMPTY } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BurstOf } from '../sync/merge';
import type { Fields } from './form-machine';
import { FormSync, type FormView } from './form-sync';
import type { SyncedDocument } from './synced-document';
import { UNSTORED_PUSH_MS } from './unstored-push';
import { WriteQueue } from './write-queue';

const PREFILLED = 'account@example.test';

/** A draft not made yet, a form whose email is prefilled, and the controller between them. */
function draftForm() {
  const store: { doc: Fields | null } = { doc: null };
  const form: Fields = { name: null, email: PREFILLED };
  const keep = vi.fn(() => Promise.resolve());
  const pageGoingPush = vi.fn((_table: string, _states: unknown[]) => true);
  const pushUnstored = vi.fn((_table: string, _states: unknown[]) => true);
  const noteBursts = vi.fn((_table: string, _docId: string, _bursts: Record<string, BurstOf>) => undefined);
  // Only what the controller reaches of the device's data (no database here).
  const local = {
    writes: new WriteQueue(),
    outbox: { noteBursts },
    conflictLog: { keep, unstored: () => [] },
    db: { name: 'form-sync-test' },
    engine: { pageGoingPush, pushUnstored },
  } as unknown as SyncedDocument['local'];
  const document: SyncedDocument = {
    table: 'share_subscriptions',
    id: 'draft',
    fields: ['name', 'email'],
    listFields: [],
    local,
    watch: () => EMPTY,
    read: () => Promise.resolve(store.doc),
    make: (all) => ({ ...all, id: 'draft' }),
    insert: (made) => {
      store.doc = { ...made, serverModified: null };
      return Promise.resolve();
    },
    write: (change) => {
      store.doc = { ...store.doc!, ...change(store.doc!) };
      return Promise.resolve();
    },
  };
  const view: FormView = {
    read: () => ({ ...form }),
    show: (values) => Object.assign(form, values),
    keepTyped: () => [],
    onWriteError: () => undefined,
    storedField: (name) => name,
  };
  return {
    store,
    form,
    keep,
    pageGoingPush,
    pushUnstored,
    noteBursts,
    document,
    sync: new FormSync({ document, initial: null, view }),
  };
}

let dispose: (() => void) | undefined;
afterEach(() => dispose?.());

describe('a form whose first change makes its document', () => {
  it('a prefilled value it made the document with is its own: its echo beats no burst begun meanwhile', async () => {
    const { store, form, keep, sync } = draftForm();
    dispose = () => sync.dispose();
    form.name = 'Ada';
    sync.typed();
    await sync.flush();
    expect(store.doc).toMatchObject({ name: 'Ada', email: PREFILLED });
    // The email is typed before the made document's echo comes (soak seed 9826).
    form.email = 'ada@example.test';
    sync.keyed('email', 'ada@example.test');
    sync.typed();
    sync.storedChanged(store.doc!);
    expect(sync.state.typing.email?.lostTo).toBeNull();
    await sync.flush();
    expect(store.doc?.email).toBe('ada@example.test');
    expect(keep).not.toHaveBeenCalled();
  });
});

describe('a form writing what is typed', () => {
  it('tells the outbox which burst typed each value it writes, every value of the burst so far', async () => {
    const { form, noteBursts, sync } = draftForm();
    dispose = () => sync.dispose();
    for (const name of ['A', 'Ad', 'Ada']) {
      form.name = name;
      sync.typed();
      await sync.flush();
    }
    expect(noteBursts).toHaveBeenCalled();
    const [table, docId, bursts] = noteBursts.mock.calls.at(-1)!;
    expect([table, docId]).toEqual(['share_subscriptions', 'draft']);
    expect(Object.keys(bursts)).toEqual(['name']);
    expect(bursts.name!.typed).toEqual(['A', 'Ad', 'Ada']);
    // One burst: the same id at each write.
    expect(new Set(noteBursts.mock.calls.map((c) => c[2].name?.id)).size).toBe(1);
  });
});

describe('a form whose page goes', () => {
  it('sends what it wrote though the outbox has not yet said a change waits; once it has spoken, its word stands', async () => {
    const { form, pageGoingPush, sync } = draftForm();
    dispose = () => sync.dispose();
    form.name = 'Ada Lovelace';
    sync.typed();
    await sync.flush();
    // Written, so not 'typed and unwritten'; the outbox's word (an observable, after the write) is late.
    sync.pageGoes();
    expect(pageGoingPush).toHaveBeenCalledTimes(1);
    expect(pageGoingPush.mock.calls[0]).toMatchObject([
      'share_subscriptions',
      [{ doc: { name: 'Ada Lovelace' }, waiting: true }],
    ]);
    pageGoingPush.mockClear();
    sync.outboxSays(false);
    sync.pageGoes();
    expect(pageGoingPush).not.toHaveBeenCalled();
  });
});

describe('a form on a device that cannot store it (a full disk)', () => {
  it('keeps what was typed and sends it to the server all the same, once for the keys of a second', async () => {
    const { form, document, pushUnstored, store, sync } = draftForm();
    dispose = () => sync.dispose();
    form.name = 'Ada';
    sync.typed();
    await sync.flush();
    const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    document.write = () => Promise.reject(full);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      for (const name of ['Ada L', 'Ada Love', 'Ada Lovelace']) {
        form.name = name;
        sync.typed();
        await expect(sync.flush()).rejects.toBe(full);
      }
      expect(pushUnstored).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(UNSTORED_PUSH_MS);
    } finally {
      vi.useRealTimers();
    }
    expect(pushUnstored).toHaveBeenCalledTimes(1);
    expect(pushUnstored.mock.calls[0]).toMatchObject([
      'share_subscriptions',
      [{ doc: { id: 'draft', name: 'Ada Lovelace', email: PREFILLED }, waiting: true }],
    ]);
    // Not stored, still held: the next write that can be made makes it.
    expect(store.doc).toMatchObject({ name: 'Ada' });
    expect(sync.unwritten()).toBe(true);
  });

  it('sends nothing for a write refused for another reason (a value the database does not take)', async () => {
    const { form, document, pushUnstored, sync } = draftForm();
    dispose = () => sync.dispose();
    form.name = 'Ada';
    sync.typed();
    await sync.flush();
    const refused = new Error('RxError (VD2): object does not match schema');
    document.write = () => Promise.reject(refused);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      form.name = 'Ada Lovelace';
      sync.typed();
      await expect(sync.flush()).rejects.toBe(refused);
      await vi.advanceTimersByTimeAsync(UNSTORED_PUSH_MS);
    } finally {
      vi.useRealTimers();
    }
    expect(pushUnstored).not.toHaveBeenCalled();
  });
});
