// A pass-through in front of the stack's API that a test can take down and bring back: "the API
// is down" as a browser meets it (connections refused mid-way, nothing answered), for the clients
// a test cannot set offline (an extension's service worker).
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type ApiProxy = { url: string; down(): void; up(): void; stop(): Promise<void> };

export async function startApiProxy(target: string): Promise<ApiProxy> {
  const upstream = new URL(target);
  let down = false;
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    if (down) return req.socket.destroy();
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.on('connection', (socket) => {
    if (down) return socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    down() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    up() {
      down = false;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
