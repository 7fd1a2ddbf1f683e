// The push sent as a page goes: one request that outlives the page (keepalive), each state judged
// against what the server is known to hold, with this device's id so its own last write is taken.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KnownServerStates, pushAsThePageGoes } from './last-push';

afterEach(() => vi.unstubAllGlobals());

describe('pushAsThePageGoes', () => {
  it('sends the states to sync_push in one keepalive request, judged against the known server states', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetch);
    const known = new KnownServerStates();
    known.note([{ id: 'a', title: 'On the server', serverModified: '2026-11-24 10:00:00.123456+00' }]);
    const target = {
      url: 'https://api.test/rest/v1/rpc/sync_push',
      headers: () => ({ apikey: 'k', Authorization: 'Bearer t' }),
    };
    pushAsThePageGoes(
      target,
      'saved_properties',
      [
        { id: 'a', title: 'Typed' },
        { id: 'b', title: 'New' },
      ],
      'device-1',
      known,
    );

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(target.url);
    expect(init).toMatchObject({
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', apikey: 'k', Authorization: 'Bearer t' },
    });
    const body = JSON.parse(init.body as string) as { p_table: string; p_rows: Record<string, unknown>[] };
    expect(body.p_table).toBe('saved_properties');
    expect(body.p_rows).toMatchObject([
      {
        new: { id: 'a', title: 'Typed', _deleted: false },
        assumed: { id: 'a', title: 'On the server', _modified: '2026-11-24 10:00:00.123456+00' },
        writer: 'device-1',
      },
      { new: { id: 'b', title: 'New' }, assumed: null, writer: 'device-1' },
    ]);
    expect(body.p_rows.map((r) => r.write_id)).toEqual([expect.any(String), expect.any(String)]);
  });

  it('sends nothing when there is nothing to send', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    pushAsThePageGoes({ url: 'x', headers: () => ({}) }, 't', [], null, new KnownServerStates());
    expect(fetch).not.toHaveBeenCalled();
  });
});
