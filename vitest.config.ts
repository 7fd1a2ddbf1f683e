import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;

/**
 * The unit files that replace a module (`vi.mock`). Unit files share their workers' modules (a fresh
 * worker per file loaded them again for each: the stage took 251 s, 191 s sharing); a module another
 * file has loaded already would stay the real one there, so these run each in a fresh worker. Read
 * from the folders of `unitFiles`; the integration files there are the integration project's.
 */
const mocking = ['src', 'sw', 'extension', 'supabase/local', 'tests/lint'].flatMap((dir) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.(ts|tsx|mjs)$/.test(file) && !/\.integration\.test\.|node_modules/.test(file))
    .map((file) => path.join(dir, file))
    .filter((file) => /\bvi\.mock\(/.test(readFileSync(path.join(root, file), 'utf8'))),
);

const unitFiles = [
  'src/**/*.test.{ts,tsx}',
  'sw/**/*.test.ts',
  'supabase/local/**/*.test.{ts,mjs}',
  'tests/lint/**/*.test.ts',
  'extension/**/*.test.ts',
];

/** Both unit projects (`--project 'unit*'`): Node unless a file asks for jsdom, fake-indexeddb. */
const unit = {
  // Node unless the file asks for jsdom: a jsdom window costs about a second of a worker per
  // file, half the unit stage's time when every file had one.
  environment: 'node' as const,
  setupFiles: ['tests/setup-unit.ts'],
  // Above the 5-s wait of tests/setup-unit.ts, so a failed wait says what it waited for.
  testTimeout: 15_000,
  // Every core (vitest leaves one free): most of a unit file's time is jsdom and imports.
  maxWorkers: Math.max(2, availableParallelism()),
  // Inlined so a test can stand in for @elevenlabs/client's Conversation under the real provider.
  server: { deps: { inline: ['@elevenlabs/react'] } },
} satisfies TestProjectInlineConfiguration['test'];

// The unit projects: unit tests beside the code (Node, or jsdom where a file says
// `// @vitest-environment jsdom` on its first line; fake-indexeddb in both), and integration tests
// against a real local stack that tests/integration/global-setup.ts starts on free ports. A test of
// the local stack that needs the whole stack running sits beside its code as
// `*.integration.test.ts`, and runs with the integration tests.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          ...unit,
          name: 'unit',
          include: unitFiles,
          exclude: [...configDefaults.exclude, 'supabase/local/**/*.integration.test.ts', ...mocking],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...unit, name: 'unit-mocking', include: mocking },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts', 'supabase/local/**/*.integration.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // The offline spine in the engines beside Chromium (Firefox ESR, WebKitGTK), driven from
          // Node against the e2e's build and stack; see tests/engines/.
          name: 'engines',
          environment: 'node',
          include: ['tests/engines/**/*.engines.test.ts'],
          globalSetup: ['tests/engines/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'bench',
          environment: 'node',
          include: ['tests/bench/**/*.bench.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
