// @ts-check
// npm test's browser stages: the e2e (Playwright, Chromium) and then the engines (Firefox ESR,
// WebKitGTK) against one build and one throw-away stack. Each stage alone (`npm run test:e2e`,
// `npm run test:engines`) starts its own; together they share them, and the build, which takes
// minutes on a two-core machine, is made once. Stopped by pid whatever happens to the stages.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { runnerImport } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
let stopStage = () => {};

/** @param {string} script @param {string[]} args @returns {Promise<number>} */
function run(script, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules', script), ...args], {
      cwd: root,
      env: process.env,
      stdio: 'inherit',
    });
    stopStage = () => child.kill('SIGTERM');
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      stopStage = () => {};
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const nodeEnv = process.env.NODE_ENV;
/** @type {{ module: { default: () => Promise<() => Promise<void>> } }} */
const { module } = await runnerImport(path.join(root, 'tests/e2e/global-setup.ts'), { configFile: false });
// Vite's loader sets NODE_ENV=development, which would build React for development and no worker.
if (nodeEnv === undefined) delete process.env.NODE_ENV;
else process.env.NODE_ENV = nodeEnv;
const stopStack = await module.default();
/** @type {Promise<void> | undefined} */
let stopping;
const teardown = () => (stopping ??= stopStack());
// Interrupted: the running stage is stopped, then the stack, by their pids.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    stopStage();
    void teardown().finally(() => process.exit(1));
  });
}
// The stages' own setups see the stack's addresses in the environment and start nothing.
process.env.E2E_STACK_SHARED = '1';
/**
 * The e2e: the specs that share the stack two at a time (the two cores were a third idle with one
 * browser: 14.0 min became 11.7), then those that must have it alone (playwright.config.ts), both
 * whatever the first did; then, when they pass, the engines. What failed first is the exit code.
 */
async function stages() {
  const playwright = '@playwright/test/cli.js';
  const shared = await run(playwright, ['test', '--project', 'shared-stack', '--workers', '2']);
  const alone = await run(playwright, ['test', '--project', 'stack-alone']);
  const e2e = shared !== 0 ? shared : alone;
  return e2e !== 0 ? e2e : run('vitest/vitest.mjs', ['run', '--project', 'engines']);
}
const code = await stages().finally(teardown);
process.exit(code);
