// The headers every response of the app carries (scripts/security-headers-plugin.ts), as served
// by `vite preview` from the build's own `_headers` file: the same file a static host serves.
import { expect } from '@playwright/test';
import { test } from './fixtures';

const PATHS = [
  '/',
  '/auth',
  '/dashboard',
  '/norman',
  '/shareholder',
  '/agent-assessment/AbCdEfGhIjKlMnOpQrStUv',
  '/gmail-oauth-callback.html',
  '/sw.js',
  '/_headers',
];

test('every page, the service worker and the OAuth callback carry the security headers', async ({ request }) => {
  for (const path of PATHS) {
    const res = await request.get(path);
    const headers = res.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toContain("default-src 'self'");
    expect(csp, path).toContain("object-src 'none'");
    expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['referrer-policy'], path).toBe('no-referrer');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['permissions-policy'], path).toContain('microphone=(self)');
  }
});

test('another site cannot frame the app', async ({ page, baseURL }) => {
  await page.route('http://framing.example/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>framing</title>
        <iframe id="app" src="${baseURL}/auth" width="800" height="600" onload="window.framed = true"></iframe>`,
    }),
  );
  await page.goto('http://framing.example/');
  // A refused frame still loads (an error page in its place).
  await page.waitForFunction(() => (window as unknown as { framed?: boolean }).framed === true);
  // The app's page would have its #root; the refused frame has none.
  await expect(page.frameLocator('#app').locator('#root')).toHaveCount(0);
});
