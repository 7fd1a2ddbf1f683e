// The shared stack's faults (tests/stack-fixture.ts), reached from a test's worker: the stack runs
// in Playwright's global setup, which serves these on 127.0.0.1 (E2E_FAULTS_URL) and nothing else.
import { createServer, type Server } from 'node:http';

/**
 * What an e2e may do to the stack: a Postgres restart, as a failover or an upgrade does it; the
 * voice service (ElevenLabs' stand-in) down, as an outage of it.
 */
export const FAULTS = ['stopPostgres', 'startPostgres', 'stopVoice', 'startVoice'] as const;
export type Fault = (typeof FAULTS)[number];

/** Serves POST /<fault>; resolves once listening, with its URL and a stop. */
export async function serveFaults(faults: Record<Fault, () => Promise<unknown>>) {
  const server: Server = createServer((req, res) => {
    const name = req.url?.slice(1) as Fault;
    if (req.method !== 'POST' || !FAULTS.includes(name)) {
      res.writeHead(404).end();
      return;
    }
    faults[name]().then(
      () => res.writeHead(204).end(),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the faults server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Does `fault` to the shared stack, and returns once it is done. */
export async function stackFault(fault: Fault) {
  const url = process.env.E2E_FAULTS_URL;
  if (!url) throw new Error('E2E_FAULTS_URL is not set: the e2e global setup serves the stack’s faults');
  const res = await fetch(`${url}/${fault}`, { method: 'POST' });
  if (res.status !== 204) throw new Error(`${fault}: ${res.status} ${await res.text()}`);
}
