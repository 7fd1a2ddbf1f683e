import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium';

// e2e in Debian's Chromium (no browser download) against the built PWA served by `vite preview`
// and a throw-away local stack, both started by tests/e2e/global-setup.ts on free ports.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // No retry, on CI either: a test that fails once is a fault to find (the product promises that
  // nothing typed is lost), not noise to run again.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A trace costs a quarter of the run's time; CI prints what failed and a failure is re-run here
    // with its trace, so CI records none.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
