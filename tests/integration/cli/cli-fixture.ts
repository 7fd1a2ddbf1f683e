import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, expect } from 'vitest';
import WebSocket from 'ws';

// Running `npm start` / `npm run dev` / `npm run stack` (scripts/start.mjs) and `npm run staff` as a
// newcomer would, for cli.test.ts: nothing a test starts outlives it.
const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The CLI as a test runs it: `start(command, env)` waits for the status block and returns it
 * parsed; `cleanUp(dataDir)` names a throw-away folder to delete. After the file's tests, every
 * CLI still running is asked to stop (it stops its own children) and, if it has not within 15 s,
 * its whole process group is killed.
 */
export function useCli() {
  const running: ChildProcess[] = [];
  const dataDirs: string[] = [];
  afterAll(async () => {
    for (const child of running) {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    for (const dataDir of dataDirs) {
      await rm(dataDir, { recursive: true, force: true });
      await rm(`${dataDir}-google.json`, { force: true });
      await rm(`${dataDir}-extension`, { recursive: true, force: true });
      await rm(`${dataDir}-extension.zip`, { force: true });
    }
  }, 30_000);

  async function start(command: 'dev' | 'stack', env: Record<string, string>) {
    const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), command], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a CLI that will not stop can be killed with everything it started.
      detached: true,
    });
    running.push(child);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (output.includes('Press Ctrl-C to stop.')) {
          clearInterval(timer);
          resolve();
        } else if (child.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(`cli exited with ${child.exitCode}:\n${output}`));
        }
      }, 100);
    });
    const status = Object.fromEntries(
      output
        .split('\n')
        .map((line) => line.match(/^([A-Za-z_ -]+): (.+)$/))
        .filter((m): m is RegExpMatchArray => m !== null)
        .map((m) => [m[1]!, m[2]!]),
    );
    const stop = () =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        child.once('exit', (code) => resolve({ code, output }));
        child.kill('SIGTERM');
      });
    return { status, stop, output: () => output, pid: child.pid! };
  }

  return {
    start,
    cleanUp: (dir: string) => {
      dataDirs.push(dir);
    },
  };
}

/** `npm run staff -- <args>` with the stack's settings: its exit code and what it printed. */
export function staff(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/staff.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** The status norman-access answers `password` with. */
export async function normanAccess(apiUrl: string, anonKey: string, password: string) {
  const res = await fetch(`${apiUrl}/functions/v1/norman-access`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  await res.body?.cancel();
  return res.status;
}

export const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

export function client(apiUrl: string, key: string, headers: Record<string, string> = {}) {
  return createClient(apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

/** Everything a stack keeps is inside CHLOE_DATA_DIR (Postgres, the local Google): nothing beside it. */
export function expectAllInside(dataFolder: string) {
  expect(existsSync(path.join(dataFolder, 'postgres', 'PG_VERSION'))).toBe(true);
  expect(existsSync(path.join(dataFolder, 'google.json'))).toBe(true);
  expect(existsSync(`${dataFolder}-google.json`)).toBe(false);
}
