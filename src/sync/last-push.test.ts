// The push sent as a page goes: one request that outlives the page (keepalive), each document as a
// compare-and-set of the fields that differ from what RxDB assumes the server has.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AssumedServerStates, pageGoingPush } from './last-push';

afterEach(() => vi.unstubAllGlobals());

const rules = { serverOwned: ['created_at', 'updated_at', 'serverModified'] };
const target = {
  url: 'https://api.test/rest/v1/rpc/sync_push',
  headers: () => ({ apikey: 'k', Authorization: 'Bearer t' }),
};

describe('pageGoingPush', () => {
  it('a page that goes before RxDB says what the server holds sends its change over what it was typed over', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetch);
    const push = pageGoingPush(
      target,
      'share_subscriptions',
      [
        {
          doc: { id: 'a', name: 'Typed', phone: '0100' },
          fields: ['name', 'phone'],
          created: false,
          typedOver: { name: 'Was' },
        },
      ],
      'device-1',
      new AssumedServerStates(),
      rules,
    );
    push.send();
    const body = JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string) as {
      p_rows: Record<string, unknown>[];
    };
    // The phone was not typed over now (stored already, as on the server): only the name goes.
    expect(body.p_rows).toEqual([
      expect.objectContaining({ new: { id: 'a', name: 'Typed' }, assumed: { id: 'a', name: 'Was' }, partial: true }),
    ]);
  });

  it('sends the fields the page changed that differ from what RxDB assumes the server has, judged against it', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetch);
    const assumed = new AssumedServerStates();
    assumed.note({ id: 'a', title: 'On the server', price: 90, updated_at: 'then', serverModified: 'then' });
    assumed.noteSent('a', 'pushed-here');
    assumed.noteSent('b', 'first-keystroke');
    const push = pageGoingPush(
      target,
      'saved_properties',
      [
        {
          // The page changed the title; the price shows an older state (a merge not yet shown).
          doc: { id: 'a', title: 'Typed', price: 80, updated_at: 'now', serverModified: 'now' },
          fields: ['title'],
          created: false,
        },
        { doc: { id: 'b', title: 'New' }, fields: ['title'], created: true },
        // RxDB assumes nothing of it, and the server has it: not judged against a guess, not sent.
        { doc: { id: 'c', title: 'Unknown' }, fields: ['title'], created: false },
      ],
      'device-1',
      assumed,
      rules,
    );
    // Made, not sent: what it will send is kept first.
    expect(fetch).not.toHaveBeenCalled();
    push.send();

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
    expect(body.p_rows).toHaveLength(2);
    // Only the field that differs, against what the server is assumed to hold.
    // Naming this page's own pushes: only over one of them may it be taken without the check.
    expect(body.p_rows[0]).toMatchObject({ partial: true, writer: 'device-1', after: ['pushed-here'] });
    expect(body.p_rows[0]?.new).toEqual({ id: 'a', title: 'Typed' });
    expect(body.p_rows[0]?.assumed).toEqual({ id: 'a', title: 'On the server' });
    // Made on this page and unknown to RxDB's server state: the whole document, to insert.
    // Over the pushes of it this page knows of only (its first keystroke's, maybe still in flight).
    expect(body.p_rows[1]).toMatchObject({
      new: { id: 'b', title: 'New', _deleted: false },
      assumed: null,
      after: ['first-keystroke'],
    });
    const writeIds = body.p_rows.map((r) => r.write_id);
    expect(writeIds).toEqual([expect.any(String), expect.any(String)]);
    // Each row's write id, with the whole state it stands for: the assumed one with the sent fields.
    expect(push.sent).toEqual([
      {
        docId: 'a',
        writeId: writeIds[0],
        state: { id: 'a', title: 'Typed', price: 90, updated_at: 'then', serverModified: 'then' },
        patch: { title: 'Typed' },
      },
      { docId: 'b', writeId: writeIds[1], state: { id: 'b', title: 'New' } },
    ]);
  });

  it('sends nothing when nothing differs', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const assumed = new AssumedServerStates();
    assumed.note({ id: 'a', title: 'Same' });
    const same = pageGoingPush(
      target,
      't',
      [{ doc: { id: 'a', title: 'Same' }, fields: ['title'], created: false }],
      null,
      assumed,
      rules,
    );
    const none = pageGoingPush(target, 't', [], null, assumed, rules);
    same.send();
    none.send();
    expect(fetch).not.toHaveBeenCalled();
    expect([...same.sent, ...none.sent]).toEqual([]);
  });
});
