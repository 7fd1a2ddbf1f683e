// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openUserDatabase } from '../../../data/database';
import { userDatabaseName } from '../../../data/user-database-name';
import { AUTH_STORAGE_KEY } from '../../../lib/stored-session';
import { savedProperty } from '../../../testing/saved-property';

// A fresh module per test: the early read is the page's one, kept in the module.
const load = async () => {
  vi.resetModules();
  return import('./early-read');
};

const signIn = (userId: string, expiresInS = 3600) =>
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({
      access_token: `token-of-${userId}`,
      expires_at: Date.now() / 1000 + expiresInS,
      user: { id: userId },
    }),
  );

const rows = [savedProperty({ title: 'Newest' }), savedProperty({ title: 'Next' })];
const answer = (status = 200) =>
  new Response(JSON.stringify(rows), { status, headers: { 'content-range': `0-1/5000` } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(answer()));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks(); // indexedDB.databases, answered by hand in one test
  localStorage.clear();
});

describe('the early read of the saved-properties list', () => {
  it('asks PostgREST for the newest 48, as the signed-in user, and hands the page that answer once', async () => {
    const userId = crypto.randomUUID();
    signIn(userId);
    const { startEarlyRead, takeEarlyRead, FIRST_ROWS } = await load();
    startEarlyRead('/saved-properties');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));

    const [url, init] = fetchMock.mock.calls[0]!;
    const asked = new URL(url as string);
    expect(asked.pathname).toBe('/rest/v1/saved_properties');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      user_id: `eq.${userId}`,
      _deleted: 'eq.false',
      order: 'created_at.desc,id.asc',
      offset: '0',
      limit: String(FIRST_ROWS),
    });
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe(`Bearer token-of-${userId}`);
    expect(headers.get('prefer')).toBe('count=exact');

    expect(takeEarlyRead(crypto.randomUUID())).toBeNull(); // another user's page: not this one
    signIn(userId);
    startEarlyRead('/dashboard');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives the page the rows and the total, then nothing the second time', async () => {
    const userId = crypto.randomUUID();
    signIn(userId);
    const { startEarlyRead, takeEarlyRead } = await load();
    startEarlyRead('/saved-properties');
    expect(await takeEarlyRead(userId)).toEqual({ rows, total: 5000 });
    expect(takeEarlyRead(userId)).toBeNull();
  });

  it('asks nothing elsewhere, offline, signed out, or with a token about to end', async () => {
    const { startEarlyRead, takeEarlyRead } = await load();
    const userId = crypto.randomUUID();
    startEarlyRead('/saved-properties'); // nobody signed in
    signIn(userId);
    startEarlyRead('/dashboard');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValueOnce(false);
    startEarlyRead('/saved-properties');
    signIn(userId, 10);
    startEarlyRead('/saved-properties');
    // Decided as it returns: a read it starts is asked and kept at once (see 'asks at once' below).
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeEarlyRead(userId)).toBeNull();
  });

  it('calls its question off on a device that holds the list, and says so to the page', async () => {
    const userId = crypto.randomUUID();
    const { db } = await openUserDatabase({ name: userDatabaseName(userId), multiInstance: false });
    await db.saved_properties.count().exec();
    await db.close();
    signIn(userId);
    const { startEarlyRead, takeEarlyRead, earlyHeld } = await load();
    startEarlyRead('/saved-properties');
    expect(await earlyHeld(userId)).toBe(true);
    expect(await takeEarlyRead(userId)).toBeNull();
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
  });

  it('asks at once, before the device has said whether it holds the list', async () => {
    const userId = crypto.randomUUID();
    signIn(userId);
    let answerHeld!: (names: IDBDatabaseInfo[]) => void;
    vi.spyOn(indexedDB, 'databases').mockReturnValue(new Promise((resolve) => (answerHeld = resolve)));
    const { startEarlyRead, takeEarlyRead } = await load();
    startEarlyRead('/saved-properties');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answerHeld([]);
    expect(await takeEarlyRead(userId)).toEqual({ rows, total: 5000 });
  });

  it('hands over nothing when the server refuses (the page then asks through the auth client)', async () => {
    fetchMock.mockResolvedValue(answer(401));
    const userId = crypto.randomUUID();
    signIn(userId);
    const { startEarlyRead, takeEarlyRead } = await load();
    startEarlyRead('/saved-properties');
    expect(await takeEarlyRead(userId)).toBeNull();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    startEarlyRead('/saved-properties');
    expect(await takeEarlyRead(userId)).toBeNull();
  });
  it("holds the page's first content until the list is drawn (the service worker's install waits)", async () => {
    const userId = crypto.randomUUID();
    signIn(userId);
    const { startEarlyRead, takeEarlyRead, listDrawn } = await load();
    // The same module the early read holds in (load() gave a fresh registry).
    const { afterFirstContent } = await import('../../../lib/first-content');
    // Frames and their 250 ms stand-in, and the 60-s ceiling, on a clock the test moves.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    startEarlyRead('/saved-properties');
    let done = false;
    void afterFirstContent(60_000).then(() => (done = true));
    expect(await takeEarlyRead(userId)).toEqual({ rows, total: 5000 });
    // Frames pass, far from the ceiling; the rows are in but not drawn.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(done).toBe(false);
    listDrawn();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(done).toBe(true);
  });

  it('holds nothing on a device that holds the list (its own database draws it)', async () => {
    const userId = crypto.randomUUID();
    const { db } = await openUserDatabase({ name: userDatabaseName(userId), multiInstance: false });
    await db.saved_properties.count().exec();
    await db.close();
    signIn(userId);
    const { startEarlyRead } = await load();
    const { afterFirstContent } = await import('../../../lib/first-content');
    startEarlyRead('/saved-properties');
    let done = false;
    void afterFirstContent(60_000).then(() => (done = true));
    await vi.waitFor(() => expect(done).toBe(true));
  });
});
