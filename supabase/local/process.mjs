// @ts-check
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
 * `server` listening on 127.0.0.1:`port`; a port already in use is refused in words that name the
 * service and the variable that moves it.
 * @param {import('node:http').Server} server @param {number} port
 * @param {{ what: string, envVar: string }} names e.g. 'the local voice service', 'VOICE_PORT'
 * @returns {Promise<void>}
 */
export function listenLocal(server, port, { what, envVar }) {
  return new Promise((resolve, reject) => {
    /** @param {NodeJS.ErrnoException} error */
    const failed = (error) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} (${what}) is in use: set ${envVar} to another port.`)
          : error,
      );
    server.once('error', failed);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', failed);
      resolve();
    });
  });
}

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

/**
 * Spawn a long-running child, keeping the tail of its output for error messages.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, log?: (line: string) => void }} [opts]
 */
export function startChild(name, command, args, opts = {}) {
  const child = spawn(command, args, {
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

/**
 * The message of anything thrown, for a log line or a terminal: the Node-side twin of
 * src/lib/errors.ts, which Node cannot import (TypeScript, no build step for the stack).
 * @param {unknown} error
 */
export function errorMessage(error) {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return String(error);
}

/**
 * A long-lived service as `supervise` sees it: `exited` settles when its process ends, however it
 * ends; `stop` ends it gracefully (and settles at once when it has already ended).
 * @typedef {{ pid: number | undefined, exited: Promise<Exit>, stop: () => Promise<unknown> }} Service
 */

/**
 * Keep a service running: when its process ends without being asked to (a crash, the OOM killer,
 * someone's `kill`), log it and start it again after a short backoff (0.5 s, doubling up to 4 s
 * while starting fails), then log that it is back. Nothing is restarted once `stop` has been
 * called, until `start` is: that is how the stack shuts down, and how the tests take a part away
 * on purpose.
 * @param {string} name as a person reads it, e.g. 'PostgREST'
 * @param {() => Promise<Service>} launch starts the service; resolves once it answers, and leaves
 *   nothing running when it throws
 * @param {{ notice: (line: string) => void, firstDelayMs?: number, maxDelayMs?: number }} opts
 */
export async function supervise(name, launch, { notice, firstDelayMs = 500, maxDelayMs = 4000 }) {
  let current = await launch();
  let wanted = true;
  /** @type {WeakSet<Service>} */
  const ended = new WeakSet();
  /** @type {Promise<void> | undefined} */
  let restarting;
  /** Ends the backoff pause early (stop is waiting). */
  let wake = () => {};
  const pause = (/** @type {number} */ ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve(undefined);
      };
    });

  /** @param {Exit} exit */
  const restart = async (exit) => {
    let delay = firstDelayMs;
    // Waiting first also lets a shutdown that is already under way (Ctrl-C reaches every child of
    // the terminal at once) say so before anything is restarted or logged.
    await pause(delay);
    if (!wanted) return;
    notice(`${name} exited (${describeExit(exit)}); restarting`);
    while (wanted) {
      try {
        const next = await launch();
        if (!wanted) {
          await next.stop();
          return;
        }
        current = next;
        watch(next);
        notice(`${name} is back`);
        return;
      } catch (error) {
        delay = Math.min(delay * 2, maxDelayMs);
        const reason = errorMessage(error).split('\n')[0];
        notice(`${name} did not start again (${reason}); retrying in ${delay / 1000} s`);
        await pause(delay);
      }
    }
  };

  /** @param {Service} service */
  const watch = (service) => {
    void service.exited.then((exit) => {
      ended.add(service);
      if (service !== current || !wanted || restarting) return;
      restarting = restart(exit).finally(() => {
        restarting = undefined;
      });
    });
  };
  watch(current);

  return {
    /** The pid of the running process, if one is running. */
    pid: () => (ended.has(current) ? undefined : current.pid),
    /** From now on, nothing is restarted (until `start`): a shutdown is under way. */
    hold: () => {
      wanted = false;
      wake();
    },
    /**
     * Take the service down on purpose; it stays down until `start`. With a signal, send it that
     * instead of stopping it gracefully (a kill that the supervisor knows about).
     * @param {NodeJS.Signals} [signal]
     */
    stop: async (signal) => {
      wanted = false;
      wake();
      await restarting;
      if (!signal) await current.stop();
      else if (!ended.has(current) && current.pid) {
        process.kill(current.pid, signal);
        await current.exited;
      }
    },
    /** Bring it back after `stop`. */
    start: async () => {
      if (wanted) return restarting;
      const next = await launch();
      current = next;
      wanted = true;
      watch(next);
    },
  };
}
