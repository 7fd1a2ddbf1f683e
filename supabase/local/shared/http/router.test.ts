// @vitest-environment node
// The one way local services route: method + path → handler with decoded params, the service's
// own 404 and 500, a 413 for a body over the bound; and the same table for the auth API.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody } from './body.mjs';
import { closeServer, listenLocal } from './listen.mjs';
import { sendJson, sendText } from './reply.mjs';
import { requestListener, routeTable, type Route } from './router.mjs';

const logs: string[] = [];
const routes: Route[] = [
  [
    'GET',
    '/boxes/:email',
    (_req, res, { params, url }) => sendJson(res, 200, { params, q: url.searchParams.get('q') }),
  ],
  ['POST', '/echo', async (req, res) => sendText(res, 200, (await readBody(req, 8)).toString('utf8'))],
  ['GET', '/broken', () => Promise.reject(new Error('broken on purpose'))],
];
const server = http.createServer(
  requestListener(routes, {
    name: 'test',
    log: (line) => logs.push(line),
    notFound: (_req, res) => sendJson(res, 404, { error: 'not here' }),
    failed: (res) => sendJson(res, 500, { error: 'failed' }),
  }),
);
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => closeServer(server));

describe('requestListener', () => {
  it('routes by method and path, with decoded path parameters and the query', async () => {
    const res = await fetch(`${base}/boxes/demo.chloe%40gmail.test?q=inbox`);
    expect(await res.json()).toEqual({ params: { email: 'demo.chloe@gmail.test' }, q: 'inbox' });
  });

  it("answers an unknown path or method with the service's own 404", async () => {
    for (const [method, path] of [
      ['GET', '/nowhere'],
      ['DELETE', '/boxes/x'],
      ['GET', '/echo'],
    ]) {
      const res = await fetch(`${base}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ error: 'not here' });
    }
  });

  it("logs a handler that fails and answers with the service's own 500", async () => {
    const res = await fetch(`${base}/broken`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'failed' });
    expect(logs.some((line) => line.startsWith('[test] Error: broken on purpose'))).toBe(true);
  });

  it('reads a body up to its bound, and answers 413 past it', async () => {
    expect(await (await fetch(`${base}/echo`, { method: 'POST', body: 'short' })).text()).toBe('short');
    const long = await fetch(`${base}/echo`, { method: 'POST', body: 'longer than eight bytes' });
    expect(long.status).toBe(413);
  });
});

describe('listenLocal', () => {
  it('names the service and the variable that moves it when its port is taken', async () => {
    const port = Number(new URL(base).port);
    const other = http.createServer();
    await expect(listenLocal(other, port, { what: 'the local thing', envVar: 'THING_PORT' })).rejects.toThrow(
      `Port ${port} (the local thing) is in use: set THING_PORT to another port.`,
    );
  });
});

describe('routeTable', () => {
  it('finds the value of the route a method and path match, or nothing', () => {
    const match = routeTable([
      ['GET', '/users/:id', 'one user'],
      [['GET', 'POST'], '/users', 'users'],
    ]);
    expect(match('GET', '/users/42')).toEqual({ value: 'one user', params: { id: '42' } });
    expect(match('POST', '/users')?.value).toBe('users');
    expect(match('PUT', '/users')).toBeNull();
    expect(match('BREW', '/users')).toBeNull();
  });
});
