// @vitest-environment jsdom
import { filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { closeLocalData, localUserData } from '../../testing/local-data';
import { savedProperty } from '../../testing/saved-property';
import type { ListedProperty } from './list-view';

// What the server and the device's IndexedDB listing say, per test.
const server = vi.hoisted(() => ({
  read: vi.fn<(userId: string, onFirst: (rows: ListedProperty[]) => void) => Promise<ListedProperty[]>>(),
  held: vi.fn<() => Promise<boolean | undefined>>(),
}));
vi.mock('./api/read-from-server', () => ({ readFromServer: server.read }));
vi.mock('../../data/user-database-name', async (real) => ({
  ...(await real<typeof import('../../data/user-database-name')>()),
  holdsLocalTable: server.held,
}));
const { useSavedProperties } = await import('./saved-properties');
const { serverRead } = await import('./api/server-read');

afterEach(closeLocalData);

const row = (title: string, userId: string) => savedProperty({ title, user_id: userId });

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('useSavedProperties on a device that holds none of them yet', () => {
  it("shows the server's list, asked before the local database opens, until the first pull is in", async () => {
    const data = await localUserData();
    const pull = deferred();
    data.engine = { ...data.engine, awaitInitialSync: () => pull.promise };
    const onServer = [row('On the server', data.userId), row('Also on the server', data.userId)];
    server.held.mockResolvedValue(false);
    server.read.mockImplementation(async (_id, onFirst) => {
      onFirst(onServer.slice(0, 1));
      return onServer;
    });

    const { result, rerender } = renderHook(({ open }) => useSavedProperties(data.userId, open ? data : null), {
      initialProps: { open: false },
    });
    // Before the local database is open: the server is asked already.
    await waitFor(() => expect(result.current.properties.map((p) => p.title)).toHaveLength(2));
    expect(server.read).toHaveBeenCalledWith(data.userId, expect.any(Function));
    expect(result.current.loading).toBe(false);

    rerender({ open: true });
    // The pull stores part of it: still the server's full list, not the part. The hook reads this
    // same live query (find().$, shared), subscribed before this: once this sees the row, so has it.
    const part = firstValueFrom(data.db.saved_properties.find().$.pipe(filter((docs) => docs.length > 0)));
    await data.db.saved_properties.insert(row('Pulled so far', data.userId));
    await act(() => part);
    expect(result.current.properties.map((p) => p.title)).toEqual(['On the server', 'Also on the server']);

    await act(async () => pull.resolve());
    await waitFor(() => expect(result.current.properties.map((p) => p.title)).toEqual(['Pulled so far']));
    expect(server.read).toHaveBeenCalledTimes(1);
  });

  it("draws what the route's read has brought in its first render, not one after it", async () => {
    const data = await localUserData();
    const onServer = [row('Read as the route loaded', data.userId)];
    server.held.mockResolvedValue(false);
    server.read.mockImplementation(async (_id, onFirst) => {
      onFirst(onServer);
      return onServer;
    });
    // The route's loader, before the page's code has run.
    await (await serverRead(data.userId, { newDevice: true }))!.all;
    const renders: string[][] = [];
    renderHook(() => {
      const view = useSavedProperties(data.userId, null);
      renders.push(view.properties.map((p) => p.title ?? ''));
      return view;
    });
    expect(renders[0]).toEqual(['Read as the route loaded']);
  });

  it('says loading, not empty, while a new device pulls and the server cannot be read', async () => {
    const data = await localUserData();
    const pull = deferred();
    data.engine = { ...data.engine, awaitInitialSync: () => pull.promise };
    server.held.mockResolvedValue(false);
    server.read.mockClear().mockRejectedValue(new Error('Failed to fetch'));
    const { result } = renderHook(() => useSavedProperties(data.userId, data));
    // The server's read has failed, and the device's empty table has been read (the hook's own
    // live query, shared, subscribed before this one).
    await vi.waitFor(() => expect(server.read.mock.settledResults[0]?.type).toBe('rejected'));
    await act(() => firstValueFrom(data.db.saved_properties.find().$));
    expect(result.current).toEqual({ loading: true, properties: [] });
    await act(async () => pull.resolve());
    await waitFor(() => expect(result.current).toEqual({ loading: false, properties: [] }));
  });

  it('never asks the server on a device that holds them', async () => {
    const data = await localUserData();
    await data.db.saved_properties.insert(row('Kept here', data.userId));
    server.held.mockResolvedValue(true);
    server.read.mockClear();
    const { result } = renderHook(() => useSavedProperties(data.userId, data));
    await waitFor(() => expect(result.current.properties.map((p) => p.title)).toEqual(['Kept here']));
    expect(server.read).not.toHaveBeenCalled();
  });
});
