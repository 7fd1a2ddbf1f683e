// @ts-check
// Regenerates the PWA's icons (from public/favicon.svg) and its store screenshots (from a running
// app, signed in as the demo user):  npm start, then  node scripts/make-pwa-assets.mjs [app URL]
// Written once into public/; not part of the build.
import { readFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'public/pwa');
const appUrl = process.argv[2] ?? 'http://localhost:4173';
const svg = readFileSync(path.join(root, 'public/favicon.svg'), 'utf8');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--headless',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
});
try {
  mkdirSync(out, { recursive: true });
  /** @param {number} size @param {string} file @param {boolean} maskable */
  async function icon(size, file, maskable) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    // Maskable: full-bleed background, the mark inside the 80 % safe zone.
    const body = maskable
      ? `<div style="width:100%;height:100%;background:linear-gradient(135deg,#7045fb,#ec4899);display:grid;place-items:center">
           <div style="width:70%;height:70%">${svg.replace('<rect width="64" height="64" rx="14" fill="url(#g)"/>', '')}</div></div>`
      : svg;
    await page.setContent(`<html><body style="margin:0;width:${size}px;height:${size}px;background:transparent">
      <style>svg{width:100%;height:100%;display:block}</style>${body}</body></html>`);
    await page.screenshot({ path: path.join(out, file), omitBackground: true });
    await page.close();
  }
  await icon(192, 'icon-192.png', false);
  await icon(512, 'icon-512.png', false);
  await icon(512, 'icon-maskable-512.png', true);
  await icon(180, 'apple-touch-icon.png', true);

  /** @param {{width: number, height: number}} viewport @param {string} file */
  async function screenshot(viewport, file) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${appUrl}/auth`);
    await page.getByLabel(/email/i).fill('demo@chloe.local');
    await page.getByLabel(/password/i).fill('chloe-demo-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.goto(`${appUrl}/saved-properties`);
    await page.getByRole('list', { name: 'Saved properties' }).waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: path.join(out, file) });
    await context.close();
  }
  await screenshot({ width: 1280, height: 720 }, 'screenshot-wide.png');
  await screenshot({ width: 540, height: 960 }, 'screenshot-narrow.png');
} finally {
  await browser.close();
}
