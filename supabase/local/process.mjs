// @ts-check
import { spawn } from 'node:child_process';
import net from 'node:net';

/** A free TCP port on the loopback interface. @returns {Promise<number>} */
export function freePort() {
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
 * Poll `url` until it answers (any HTTP status) or the child exits.
 * @param {string} url
 * @param {{ timeoutMs?: number, child?: import('node:child_process').ChildProcess, name: string, logs: () => string }} opts
 */
export async function waitForHttp(url, { timeoutMs = 30_000, child, name, logs }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(`${name} exited with code ${child.exitCode}:\n${logs()}`);
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`${name} did not answer on ${url} within ${timeoutMs} ms:\n${logs()}`);
}

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
  child.once('exit', () => process.off('exit', onExit));
  return {
    child,
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
