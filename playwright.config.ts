import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from './tests/chromium';

// e2e in Debian's Chromium (no browser download; its headless shell, but where a spec launches the
// whole browser itself: tests/chromium.ts) against the built PWA served by `vite preview` and a
// throw-away local stack, both started by tests/e2e/global-setup.ts on free ports.

/**
 * The specs that do something to the whole stack (Postgres stopped and started, the voice service
 * down) or read what is global to it (the voice stand-in's latest conversation): they run alone,
 * never beside another spec. The others share the stack: each makes its own accounts and links.
 */
export const STACK_ALONE = [
  'database-restart.spec.ts',
  'demo-requests.spec.ts',
  'voice.spec.ts',
  'voice-signed-in.spec.ts',
  'voice-widget.spec.ts',
];

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // One at a time unless asked: `npm test` runs the shared-stack project with two workers, and
  // then the stack-alone one (scripts/test-browsers.mjs); everything together at two would put a
  // Postgres restart beside other specs.
  workers: 1,
  projects: [
    { name: 'shared-stack', testIgnore: STACK_ALONE.map((f) => `**/${f}`) },
    { name: 'stack-alone', testMatch: STACK_ALONE.map((f) => `**/${f}`) },
  ],
  // No retry, on CI either: a test that fails once is a fault to find (the product promises that
  // nothing typed is lost), not noise to run again.
  retries: 0,
  // A budget finds a test that hangs; it is no measure of speed (npm run bench is). Beside another
  // worker, the stack and the browsers on two cores, a two-device test took 25 s in one run and
  // over 30 in the next: every budget, this one and each test's own, is twice what it was.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A trace costs a quarter of the run's time; CI prints what failed and a failure is re-run here
    // with its trace, so CI records none.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
  },
});
