// @ts-check
// The stack's child processes: free ports for them, starting one, waiting until it answers.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * The kernel's range for ephemeral ports: where `listen(0)` and every outgoing connection's own end
 * are placed. @returns {[number, number]}
 */
function ephemeralRange() {
  try {
    const [lo, hi] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (lo && hi) return [lo, hi];
  } catch {
    // Not Linux: macOS and Windows both use 49152–65535.
  }
  return [49152, 65535];
}

/** Whether 127.0.0.1:`port` can be listened on now. @param {number} port @returns {Promise<boolean>} */
function canListen(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Ports this process has handed out, never handed out twice. */
const handedOut = new Set();

/**
 * A free TCP port on the loopback interface, for a service started a moment (or a build) later.
 * It is picked below the ephemeral range: a port from `listen(0)` is free only until the next
 * outgoing connection takes it as its own end (a CI run lost the app's port to one of Postgres's
 * clients while the app was being built). @returns {Promise<number>}
 */
export async function freePort() {
  const [ephemeralLow] = ephemeralRange();
  const low = Math.max(10_000, ephemeralLow - 16_384);
  for (let attempt = 0; low < ephemeralLow && attempt < 100; attempt++) {
    const port = low + Math.floor(Math.random() * (ephemeralLow - low));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  // No room below the ephemeral range (or all taken): let the kernel choose.
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** @param {number} ms @returns {Promise<void>} */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Poll `url` until it answers (any HTTP status; with `readyOnly`, a status below 500) or the child exits.
 * @param {string} url
 * @param {{ timeoutMs?: number, child?: import('node:child_process').ChildProcess, name: string, logs: () => string,
 *   readyOnly?: boolean }} opts
 */
export async function waitForHttp(url, { timeoutMs = 30_000, child, name, logs, readyOnly = false }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(`${name} exited with code ${child.exitCode}:\n${logs()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      // A 5xx is a server that is up but not ready (PostgREST's 503 while it loads its schema cache).
      if (!readyOnly || res.status < 500) return;
      await sleep(100);
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`${name} did not answer on ${url} within ${timeoutMs} ms:\n${logs()}`);
}

/** How a child process ended. @typedef {{ code: number | null, signal: NodeJS.Signals | null }} Exit */

/** @param {Exit} exit */
export const describeExit = ({ code, signal }) => (signal ? `signal ${signal}` : `code ${code}`);

const SETPRIV = '/usr/bin/setpriv';

/**
 * The command, run so that the kernel kills it when this process dies however it dies (an OOM
 * kill or SIGKILL runs no JavaScript, so the 'exit' handler below cannot): setpriv sets the
 * parent-death signal and execs the command in place (same pid). Elsewhere, the command as is.
 * @param {string} command @param {string[]} args @returns {[string, string[]]}
 */
export function dyingWithThisProcess(command, args) {
  if (process.platform !== 'linux' || !existsSync(SETPRIV)) return [command, args];
  return [SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args]];
}

/**
 * Spawn a long-running child, keeping the tail of its output for error messages.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, log?: (line: string) => void }} [opts]
 */
export function startChild(name, command, args, opts = {}) {
  const [run, runArgs] = dyingWithThisProcess(command, args);
  const child = spawn(run, runArgs, {
    env: opts.env ?? process.env,
    cwd: opts.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** @type {string[]} */
  const tail = [];
  /** @param {Buffer} chunk */
  const onData = (chunk) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 60) tail.shift();
      opts.log?.(`[${name}] ${line}`);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  // Safety net: however this process ends, its children do not outlive it.
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);
  /** @type {Promise<Exit>} */
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      process.off('exit', onExit);
      resolve({ code, signal });
    }),
  );
  return {
    child,
    pid: child.pid,
    exited,
    logs: () => tail.join('\n'),
    /** Stop by pid: SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
    stop: (graceMs = 5000) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(undefined);
        });
        child.kill('SIGTERM');
      }),
  };
}

/** How long one step of a stop may take before the next one runs anyway. */
export const STOP_STEP_MS = 10_000;

/**
 * Runs and empties `stops`, last first. Each step is bounded: one that hangs (a pool whose
 * clients are all held) must not keep the steps after it, Postgres among them, from running.
 * @param {(() => Promise<unknown>)[]} stops
 * @param {(line: string) => void} log
 */
export async function stopInReverse(stops, log, stepMs = STOP_STEP_MS) {
  for (const step of stops.splice(0).reverse()) {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`a step did not end within ${stepMs / 1000} s`)), stepMs);
    });
    await Promise.race([step(), late])
      .catch((e) => log(`[stack] stop: ${e}`))
      .finally(() => clearTimeout(timer));
  }
}
