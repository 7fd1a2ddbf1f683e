// A network switch for engines without an honest one: the browser reaches the app and the stack
// only through this forward proxy. Firefox's offline mode leaves the service worker's own fetches
// on the network and WebKitGTK has no switch at all; cutting here cuts every request, websockets
// (tunnelled) included.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface OfflineProxy {
  port: number;
  setOffline(offline: boolean): void;
  /** From now on the service worker's script differs by a byte, as after a deployment. */
  deployNewWorker(): void;
  stop(): Promise<void>;
}

export interface ProxyOptions {
  /**
   * Drop the app's refusal to be framed (X-Frame-Options, CSP frame-ancestors): WebKitGTK's window
   * cannot be narrower than 447 px, so its phone-width layout is checked in a 390-px frame.
   */
  allowFraming?: boolean;
}

/** Headers as the browser gets them, less the framing refusal when asked. */
function passedOn(headers: http.IncomingHttpHeaders, options: ProxyOptions) {
  if (!options.allowFraming) return headers;
  const { 'x-frame-options': _refused, ...rest } = headers;
  const csp = rest['content-security-policy'];
  if (typeof csp === 'string') {
    rest['content-security-policy'] = csp
      .split(';')
      .filter((d) => !d.trim().startsWith('frame-ancestors'))
      .join(';');
  }
  return rest;
}

// The tests' world is this machine: a browser's own calls home (Firefox's settings service) are
// refused at once rather than left to time out on a machine without internet.
const local = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);

/** A request for the whole, plain body (no 304, no compression): the proxy changes that body. */
function fullBody(headers: http.IncomingHttpHeaders) {
  const { 'if-none-match': _tag, 'if-modified-since': _since, ...rest } = headers;
  return { ...rest, 'accept-encoding': 'identity' };
}

/** A request sent on to its server, the answer back; `rewrite` marks it as of a new deployment. */
function forward(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  { url, rewrite }: { url: URL; rewrite: boolean },
  options: ProxyOptions,
) {
  const upstream = http.request(
    {
      host: url.hostname,
      port: url.port || 80,
      path: url.pathname + url.search,
      method: req.method,
      headers: rewrite ? fullBody(req.headers) : req.headers,
      // No pool: a kept-alive socket to the app would outlive the proxy (and keep Node running).
      agent: false,
    },
    (answer) => {
      const headers = passedOn(answer.headers, options);
      if (!rewrite) {
        res.writeHead(answer.statusCode ?? 502, headers);
        return void answer.pipe(res);
      }
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const body = Buffer.concat([...chunks, Buffer.from('\n// a new deployment\n')]);
        const { 'transfer-encoding': _chunked, etag: _etag, 'last-modified': _modified, ...whole } = headers;
        res.writeHead(answer.statusCode ?? 502, { ...whole, 'content-length': String(body.length) });
        res.end(body);
      });
    },
  );
  upstream.on('error', () => req.socket.destroy());
  req.pipe(upstream);
}

type Tunnel = { client: net.Socket; upstream: net.Socket };

/** `client` joined to `host:port` once `opening` has begun the conversation, kept in `tunnels` while open. */
function tunnel(
  tunnels: Set<Tunnel>,
  client: net.Socket,
  { host, port }: { host: string; port: number },
  opening: (upstream: net.Socket) => void,
) {
  const upstream = net.connect(port, host, () => {
    opening(upstream);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  const pair = { client, upstream };
  tunnels.add(pair);
  const end = () => {
    tunnels.delete(pair);
    client.destroy();
    upstream.destroy();
  };
  for (const s of [client, upstream]) {
    s.on('error', end);
    s.on('close', end);
  }
}

export async function startOfflineProxy(options: ProxyOptions = {}): Promise<OfflineProxy> {
  let offline = false;
  let newWorker = false;
  const tunnels = new Set<Tunnel>();
  const server = http.createServer((req, res) => {
    if (offline || !req.url || !local(req.url)) return void req.socket.destroy();
    const url = new URL(req.url);
    forward(req, res, { url, rewrite: newWorker && url.pathname === '/sw.js' }, options);
  });
  // Two ways a browser sends a websocket through a proxy: CONNECT (Firefox), or the upgrade request
  // itself with the whole address (WebKitGTK). Either becomes a tunnel, cut with the network.
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    if (offline || !req.url || !local(`http://${req.url}`)) return void client.destroy();
    const [host = '', port = '443'] = req.url.split(':');
    tunnel(tunnels, client, { host, port: Number(port) }, (upstream) => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
    });
  });
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    if (offline || !req.url || !local(req.url)) return void client.destroy();
    const url = new URL(req.url);
    tunnel(tunnels, client, { host: url.hostname, port: Number(url.port || 80) }, (upstream) => {
      const lines = [`${req.method} ${url.pathname}${url.search} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    setOffline(next) {
      offline = next;
      if (!next) return;
      for (const t of tunnels) {
        t.client.destroy();
        t.upstream.destroy();
      }
      server.closeAllConnections();
    },
    deployNewWorker() {
      newWorker = true;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const t of tunnels) {
          t.client.destroy();
          t.upstream.destroy();
        }
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
