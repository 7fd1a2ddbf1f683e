import type { ManifestOptions } from 'vite-plugin-pwa';

// The web app manifest (served as /manifest.webmanifest). Icons and screenshots are in public/pwa,
// made by scripts/make-pwa-assets.mjs.
export const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Chloe — AI property assistant',
  short_name: 'Chloe',
  description:
    'Chloe, your AI property assistant: from property search to moved, for movers, estate agents, lawyers and brokers. Works offline.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  lang: 'en-GB',
  theme_color: '#6128ee',
  background_color: '#f8f8fb',
  categories: ['business', 'productivity'],
  icons: [
    { src: '/pwa/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/pwa/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/pwa/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    {
      src: '/pwa/screenshot-wide.png',
      sizes: '1280x720',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Saved properties on a laptop',
    },
    {
      src: '/pwa/screenshot-narrow.png',
      sizes: '540x960',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Saved properties on a phone',
    },
  ],
};
