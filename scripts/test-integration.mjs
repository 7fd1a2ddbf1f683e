// @ts-check
// npm test's integration stage: the integration files in two shards at once, each against its own
// throw-away stack (tests/integration/global-setup.ts starts one per Vitest process). One stack
// runs its files one at a time: some read what is global to it (the list of users, every row of a
// table). The cores then wait on the stack half the time, which a second shard on a second stack
// fills: 200 s became 140 s. Arguments (a file filter, `-t`) go to both shards. Stopped by pid.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const SHARDS = 2;

/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();

/**
 * Runs shard `index` of SHARDS; the first prints as it goes, the others when they end (so the
 * lines of two runs never interleave). Resolves with its exit code.
 * @param {number} index
 * @returns {Promise<{ code: number, printed: string }>}
 */
function shard(index) {
  const args = ['run', '--project', 'integration', `--shard=${index}/${SHARDS}`, '--passWithNoTests'];
  const live = index === 1;
  const child = spawn(process.execPath, [vitest, ...args, ...process.argv.slice(2)], {
    cwd: root,
    env: process.env,
    stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
  });
  running.add(child);
  let printed = '';
  child.stdout?.on('data', (d) => (printed += d));
  child.stderr?.on('data', (d) => (printed += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), printed });
    });
  });
}

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    for (const child of running) child.kill('SIGTERM');
    process.exitCode = 1;
  });
}

console.log(`integration: ${SHARDS} shards at once, each on its own stack; shard 1 prints as it runs`);
const results = await Promise.all(Array.from({ length: SHARDS }, (_, i) => shard(i + 1)));
for (const [i, { printed }] of results.entries()) {
  if (i === 0) continue;
  console.log(`\n== integration shard ${i + 1} of ${SHARDS}\n`);
  process.stdout.write(printed);
}
const failed = results.flatMap(({ code }, i) => (code === 0 ? [] : [`shard ${i + 1} exited with ${code}`]));
if (failed.length > 0) console.error(`\nintegration failed: ${failed.join(', ')}`);
process.exitCode = failed.length > 0 ? 1 : 0;
