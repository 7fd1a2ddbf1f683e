// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from '../../../lib/stored-session';
import { savedProperty } from '../../../testing/saved-property';
import type { ListedProperty } from '../list-view';

// PostgREST through supabase-js, as pages of a list of TOTAL: each call's range and count asked.
const TOTAL = 2100;
const list = Array.from({ length: TOTAL }, (_, i) => savedProperty({ title: `Property ${i}` }));
const asked = vi.hoisted(() => [] as { from: number; to: number; count: boolean }[]);
vi.mock('../../../lib/supabase', () => ({
  supabase: {
    from: () => {
      let count = false;
      const query = {
        select: (_columns: string, options?: { count?: string }) => ((count = options?.count === 'exact'), query),
        eq: () => query,
        order: () => query,
        range: (from: number, to: number) => {
          asked.push({ from, to, count });
          return Promise.resolve({ data: list.slice(from, to + 1), error: null, count: count ? TOTAL : null });
        },
      };
      return query;
    },
  },
}));

const load = async () => {
  vi.resetModules();
  const early = await import('./early-read');
  const read = await import('./server-read');
  return { ...early, ...read };
};

const titles = (rows: ListedProperty[] | null) => rows?.map((p) => p.title);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  asked.length = 0;
});

describe("the server's list on a device that holds none of it", () => {
  it("takes the first script's answer for its first cards and asks only for the rest", async () => {
    const userId = crypto.randomUUID();
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ access_token: 't', expires_at: Date.now() / 1000 + 3600, user: { id: userId } }),
    );
    const firstRows = list.slice(0, 48);
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify(firstRows), { headers: { 'content-range': `0-47/${TOTAL}` } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { startEarlyRead, serverRead, serverRowsNow } = await load();
    startEarlyRead('/saved-properties');

    const read = await serverRead(userId, { newDevice: true });
    expect(titles(await read!.first)).toEqual(titles(firstRows));
    // What a first render draws at once, before any effect has run.
    expect(serverRowsNow(userId)).toHaveLength(48);
    expect(titles(await read!.all)).toEqual(titles(list));
    expect(serverRowsNow(userId)).toHaveLength(TOTAL);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(asked).toEqual([
      { from: 48, to: 1047, count: false },
      { from: 1048, to: 2047, count: false },
      { from: 2048, to: 2099, count: false },
    ]);
  });

  it('asks for the first cards itself when the first script did not', async () => {
    const { serverRead, serverRowsNow } = await load();
    const userId = crypto.randomUUID();
    expect(serverRowsNow(userId)).toBeNull();
    const read = await serverRead(userId, { newDevice: true });
    expect(await read!.first).toHaveLength(48);
    expect(await read!.all).toHaveLength(TOTAL);
    expect(asked[0]).toEqual({ from: 0, to: 47, count: true });
    expect(asked).toHaveLength(4);
  });
});
