// Shared steps of the e2e specs: accounts, the database as it really is, the service worker.
import { randomUUID } from 'node:crypto';
import { expect, test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { EXTENSION_PUBLIC_KEY, extensionIdOf } from '../../extension/manifest.mjs';
import { offlineAsABrowserIs } from './offline';

export const PASSWORD = 'e2e-password-1';

/** The extension's id, as the app is built with it (fixed by the key in extension/manifest.mjs). */
export const E2E_EXTENSION_ID = extensionIdOf(EXTENSION_PUBLIC_KEY);
export const newEmail = () => `e2e-${randomUUID().slice(0, 8)}@example.test`;

/** Signs up through /auth and waits for the dashboard; returns the email. */
export async function signUp(page: Page, email = newEmail()) {
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

/** The same user on another device: a new browser context, signed in through /auth. */
export async function signIn(browser: Browser, email: string) {
  const context = waitForAppIn(await browser.newContext());
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

export { sql } from './sql';

/** A supabase-js client in Node against the test stack (Node 20 needs ws for the realtime part). */
export const apiClient = () =>
  createClient(process.env.E2E_API_URL!, process.env.E2E_ANON_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });

/**
 * For a spec online throughout whose subject is nothing of the service worker's: without it a
 * context does not precache the whole build (2 s of CPU each on two cores). The offline specs,
 * and those whose requests pass the worker in a person's browser, keep it (ADR 050).
 */
export const ONLINE_ONLY = { serviceWorkers: 'block' } as const;

/**
 * The service worker is installed, has precached the build and controls this page: waited for
 * before going offline, as a person's installed app goes offline, so code the page loads on demand
 * then comes from the precache. It may reload the page, so call it before the page holds state.
 */
export async function controlledByServiceWorker(page: Page) {
  // Precaching the whole build can take a while on a busy machine.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  try {
    await expect.poll(controlled, { timeout: 5_000 }).toBe(true);
  } catch {
    // A page that started loading before the worker activated may miss clients.claim(); a page
    // loaded after it is controlled (as on a person's next visit).
    await page.reload();
    await expect.poll(controlled, { timeout: 20_000 }).toBe(true);
  }
}

export type Mail = { id: string; to: string; subject: string; text: string; html: string; created_at: string };

/** The newest mail to `address` with `subject` in the local inbox (E2E_MAIL_URL), once it has arrived. */
export async function mailTo(address: string, subject: string): Promise<Mail> {
  const mailUrl = process.env.E2E_MAIL_URL;
  if (!mailUrl) throw new Error('E2E_MAIL_URL is not set: the test stack has no inbox');
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${mailUrl}/api/messages?to=${encodeURIComponent(address)}`);
        const messages = (await response.json()) as Mail[];
        found = messages.find((m) => m.subject === subject);
        return Boolean(found);
      },
      { message: `a mail '${subject}' to ${address}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The reset link of a 'Reset your password' mail: the auth service's /verify, type=recovery, to /auth/reset. */
export function resetLink(mail: Mail): string {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no verify link in: ${mail.text}`);
  const url = new URL(link);
  expect(url.searchParams.get('type')).toBe('recovery');
  expect(url.searchParams.get('redirect_to')).toBe(new URL('/auth/reset', process.env.E2E_BASE_URL).href);
  return link;
}

/** Asks for a reset link from /auth's 'Forgot password?' and returns the mailed link. */
export async function requestResetLink(page: Page, email: string): Promise<string> {
  await page.goto('/auth?mode=recover');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('main').getByText('Check your email for a reset link')).toBeVisible();
  return resetLink(await mailTo(email, 'Reset your password'));
}

/**
 * Whether the app has taken over the page: a public page's HTML is on screen before its code has
 * run (ADR 012), and its controls do nothing (or are disabled) until then, as for a person on a
 * slow line, whose tap comes later than a test's.
 */
async function appReady(page: Page) {
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      return (
        !root || root.dataset['prerendered'] === undefined || document.documentElement.dataset['hydrated'] !== undefined
      );
    },
    undefined,
    { timeout: 20_000 },
  );
}

const patched = new WeakSet<Page>();

/** `page.goto` and `page.reload` return once the app has hydrated the page they loaded. */
export function waitForAppOn(page: Page) {
  if (patched.has(page)) return;
  patched.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await appReady(page);
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await appReady(page);
    return response;
  };
}

/** Every page of `context`, now and later, as waitForAppOn. */
export function waitForAppIn(context: BrowserContext) {
  for (const page of context.pages()) waitForAppOn(page);
  context.on('page', waitForAppOn);
  return context;
}

/**
 * Every Content-Security-Policy violation any page of `context` reports (the app runs under the
 * policy of scripts/security-headers-plugin.ts; nothing it does may be blocked).
 */
export async function cspViolationsOf(context: BrowserContext) {
  const violations: string[] = [];
  await context.exposeBinding('__chloeCspViolation', ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __chloeCspViolation?: (text: string) => void }).__chloeCspViolation;
      report?.(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return violations;
}

/**
 * Playwright's test, whose pages wait for the app after a full load (waitForAppOn), and which
 * fails when a page met a Content-Security-Policy violation.
 */
export const test = base.extend<object, { offlineAsABrowserIs: void }>({
  offlineAsABrowserIs: [
    async ({ browser }, use) => {
      await offlineAsABrowserIs(browser);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  context: async ({ context }, use) => {
    const violations = await cspViolationsOf(context);
    await use(waitForAppIn(context));
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
});
