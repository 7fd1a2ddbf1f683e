// The browser extension's saves against the real stack (PostgREST, RLS, the migration's unique
// listing index): a listing saved twice is one row, updated; a save whose answer was lost is not a
// second row; a refused value is refused for good (not retried forever); an unreachable API keeps
// the save in the queue until it can go.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import type { SaveRequest } from '../../../extension/src/messages';
import { enqueue, flush, queued } from '../../../extension/src/queue';
import { sendSave } from '../../../extension/src/saves';
import { adopt, readyToSend, sessionClient } from '../../../extension/src/session';
import { memoryStorage, type KeyValue } from '../../../extension/src/storage';
import { anonClient, deleteUsers, newUser, sql, stack } from '../fixtures';

const created: string[] = [];
afterAll(() => deleteUsers(created));

// ws stands in for the browser's WebSocket (supabase-js wants one for Realtime even when unused).
const realtime = { transport: WebSocket as unknown as typeof globalThis.WebSocket };

/** A signed-in extension: its own session, signed in with the password as /extension-auth does, kept in `storage`. */
async function extension(storage: KeyValue = memoryStorage(), fetchImpl?: typeof fetch) {
  const u = await newUser();
  created.push(u.user.id);
  const s = stack();
  const { data } = await anonClient().auth.signInWithPassword({ email: u.email, password: u.password });
  const session: unknown = data.session;
  const config = { supabaseUrl: s.apiUrl, supabaseAnonKey: s.anonKey };
  const client = sessionClient(config, storage, { realtime });
  expect(await adopt(client, session)).toEqual({ ok: true, email: u.email });
  // The same session on a client whose requests go where `fetchImpl` sends them.
  const other = fetchImpl ? sessionClient(config, storage, { realtime, global: { fetch: fetchImpl } }) : client;
  return { user: u, client, other, storage };
}

let n = 0;
function listing(portalId = String(150_000_000 + (n += 1)), fields: Partial<SaveRequest['fields']> = {}): SaveRequest {
  return {
    id: randomUUID(),
    portal: 'rightmove',
    portalId,
    url: `https://www.rightmove.co.uk/properties/${portalId}`,
    savedAt: Date.now(),
    fields: {
      title: '3 bedroom semi-detached house for sale',
      address: 'Mill Lane, Bristol, BS3',
      price: 415000,
      bedrooms: 3,
      propertyType: 'Semi-Detached',
      keyFeatures: ['Garden', 'Off-street parking'],
      agentName: 'Harbourside Homes, Bedminster',
      agencyName: 'Harbourside Homes',
      ...fields,
    },
  };
}

const rowsOf = (userId: string) =>
  sql<{ id: string; price: string | null; portal_id: string; listing_url: string; _deleted: boolean }>(
    'select id, price, portal_id, listing_url, _deleted from public.saved_properties where user_id = $1 order by created_at',
    [userId],
  );

describe('saving a listing from the extension', () => {
  it('writes saved_properties with the client’s id and every field, and the listing it came from', async () => {
    const { user, client } = await extension();
    const request = listing();
    expect(await sendSave(client, user.user.id, request)).toEqual({ kind: 'saved', id: request.id, updated: false });
    const [row] = await sql('select * from public.saved_properties where id = $1', [request.id]);
    expect(row).toMatchObject({
      user_id: user.user.id,
      title: '3 bedroom semi-detached house for sale',
      address: 'Mill Lane, Bristol, BS3',
      price: '415000',
      bedrooms: 3,
      property_type: 'Semi-Detached',
      key_features: ['Garden', 'Off-street parking'],
      agent_name: 'Harbourside Homes, Bedminster',
      agency_name: 'Harbourside Homes',
      listing_url: request.url,
      portal: 'rightmove',
      portal_id: request.portalId,
      _deleted: false,
    });
  });

  it('the same listing saved twice is one row, updated (its id kept)', async () => {
    const { user, client } = await extension();
    const first = listing();
    await sendSave(client, user.user.id, first);
    const again = { ...listing(first.portalId, { price: 399950 }), id: randomUUID() };
    expect(await sendSave(client, user.user.id, again)).toEqual({ kind: 'saved', id: first.id, updated: true });
    expect(await rowsOf(user.user.id)).toMatchObject([{ id: first.id, price: '399950', _deleted: false }]);
  });

  it('a save whose answer was lost, sent again, is not a second row', async () => {
    const { user, client } = await extension();
    const request = listing();
    await sendSave(client, user.user.id, request);
    // The queue sends the very same save again (same client id).
    expect(await sendSave(client, user.user.id, request)).toMatchObject({ kind: 'saved', id: request.id });
    expect(await rowsOf(user.user.id)).toHaveLength(1);
  });

  it('a listing removed in the app is saved anew; a late resend of the removed save does not bring it back', async () => {
    const { user, client } = await extension();
    const first = listing();
    await sendSave(client, user.user.id, first);
    await client.from('saved_properties').update({ _deleted: true }).eq('id', first.id);
    expect(await sendSave(client, user.user.id, first)).toEqual({ kind: 'saved', id: first.id, updated: false });
    expect(await rowsOf(user.user.id)).toMatchObject([{ id: first.id, _deleted: true }]);
    const anew = listing(first.portalId);
    expect(await sendSave(client, user.user.id, anew)).toEqual({ kind: 'saved', id: anew.id, updated: false });
    expect(await rowsOf(user.user.id)).toMatchObject([
      { id: first.id, _deleted: true },
      { id: anew.id, _deleted: false },
    ]);
  });

  it('two accounts saving one listing each have their own row', async () => {
    const a = await extension();
    const b = await extension();
    const request = listing();
    await sendSave(a.client, a.user.user.id, request);
    const theirs = { ...request, id: randomUUID() };
    expect(await sendSave(b.client, b.user.user.id, theirs)).toEqual({ kind: 'saved', id: theirs.id, updated: false });
    expect(await rowsOf(a.user.user.id)).toMatchObject([{ id: request.id }]);
    expect(await rowsOf(b.user.user.id)).toMatchObject([{ id: theirs.id }]);
  });

  it('a value the database refuses is refused, naming the rule, and nothing already saved changes', async () => {
    const { user, client } = await extension();
    const good = listing();
    await sendSave(client, user.user.id, good);
    const tooLong = { ...listing(good.portalId, { title: 'x'.repeat(501) }), id: randomUUID() };
    const result = await sendSave(client, user.user.id, tooLong);
    expect(result).toEqual({
      kind: 'refused',
      message: expect.stringContaining('saved_properties_title_at_most_500_chars') as unknown,
    });
    const badId = { ...listing('not a listing id!'), id: randomUUID() };
    expect(await sendSave(client, user.user.id, badId)).toMatchObject({ kind: 'refused' });
    expect(await rowsOf(user.user.id)).toMatchObject([{ id: good.id, price: '415000' }]);
  });
});

describe('answers that are not about the row keep the save waiting', () => {
  it('a server without the extension’s columns yet (PGRST204), a permission error (42501): retried, never dropped', async () => {
    const answers = [
      { status: 400, body: { code: 'PGRST204', message: "Could not find the 'portal' column of 'saved_properties'" } },
      { status: 403, body: { code: '42501', message: 'permission denied for table saved_properties' } },
      { status: 404, body: { code: 'PGRST205', message: "Could not find the table 'public.saved_properties'" } },
    ];
    for (const answer of answers) {
      // The real API for the session; the answer above for the save itself.
      const stale: typeof fetch = (input, init) =>
        String(input instanceof Request ? input.url : input).includes('/rest/v1/saved_properties')
          ? Promise.resolve(
              new Response(JSON.stringify({ details: null, hint: null, ...answer.body }), {
                status: answer.status,
                headers: { 'content-type': 'application/json' },
              }),
            )
          : fetch(input, init);
      const storage = memoryStorage();
      const { user, other } = await extension(storage, stale);
      const request = listing();
      const result = await sendSave(other, user.user.id, request);
      expect(result).toEqual({ kind: 'retry', message: answer.body.message });
      await enqueue(storage, user.user.id, request, null);
      expect(await flush(storage, user.user.id, (e) => sendSave(other, user.user.id, e))).toEqual({
        sent: 0,
        refused: [],
        waiting: 1,
      });
      expect(await queued(storage)).toHaveLength(1);
    }
  });
});

describe('the queue against an API that cannot be reached, then can', () => {
  it('keeps the save through a restart and sends it, once, when the API answers', async () => {
    let down = true;
    const flaky: typeof fetch = (input, init) =>
      down ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
    const storage = memoryStorage();
    const { user, other } = await extension(storage, flaky);
    const request = listing();
    const tried = await sendSave(other, user.user.id, request);
    expect(tried.kind).toBe('retry');
    await enqueue(storage, user.user.id, request, tried.kind === 'retry' ? tried.message : null);
    // Still down: the flush keeps it.
    expect(await flush(storage, user.user.id, (e) => sendSave(other, user.user.id, e))).toEqual({
      sent: 0,
      refused: [],
      waiting: 1,
    });
    expect(await rowsOf(user.user.id)).toEqual([]);

    // The browser restarts: a new client over the same storage, the session read back from it.
    down = false;
    const config = { supabaseUrl: stack().apiUrl, supabaseAnonKey: stack().anonKey };
    const restarted = sessionClient(config, storage, { realtime });
    const ready = await readyToSend(restarted, storage);
    expect(ready).toMatchObject({ kind: 'ready', user: { id: user.user.id } });
    expect(await flush(storage, user.user.id, (e) => sendSave(restarted, user.user.id, e))).toEqual({
      sent: 1,
      refused: [],
      waiting: 0,
    });
    expect(await queued(storage)).toEqual([]);
    expect(await rowsOf(user.user.id)).toMatchObject([{ id: request.id, portal_id: request.portalId }]);
  });
});
