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
  stop(): Promise<void>;
}

export async function startOfflineProxy(): Promise<OfflineProxy> {
  let offline = false;
  const tunnels = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = http.createServer((req, res) => {
    if (offline || !req.url) return void req.socket.destroy();
    const url = new URL(req.url);
    const upstream = http.request(
      {
        host: url.hostname,
        port: url.port || 80,
        path: url.pathname + url.search,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    if (offline || !req.url) return void client.destroy();
    const [host = '', port = '443'] = req.url.split(':');
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
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
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
