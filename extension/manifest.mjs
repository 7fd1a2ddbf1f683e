// @ts-check
// The extension's manifest (Manifest V3), made for the app and Supabase project it is built for.
// Chromium first; Firefox reads the same file (background.scripts, browser_specific_settings), and
// gets the session through the app content script where it has no externally_connectable.
import { createHash } from 'node:crypto';

/**
 * The public half of the key the extension is loaded with unpacked: it fixes the extension's id
 * (so the app can name it in VITE_EXTENSION_ID). Public by nature; no private key is needed to load
 * an unpacked extension. A store-published extension gets its id from the store: build it with
 * EXTENSION_KEY set to the store's key (or to '' for none).
 */
export const EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAxtbefLfrjUmCetHTcLF1I7RFCkssot0Sr+azy8UQtBW3a1ggZisUd4G2YNtObgqqDiA86uTi3CZTlZOSK6Qulb1tc48EPOHcJCbpg446BdaU/Dk/zGcHQcw2nBys78Q0yhrhpcisqY6F/evY5AvgxcRzE2LCCL2wj/kcXM71zM7ZpahnIbMWX1e1MAzYOygrvbX1/THpJuyo1Vbgj8whHh50tZuiI+3gnPcbXkrWHndMDWTWdKR0YEizUT4fu8S/gpJH1Q5LrZFwCiV/hsnWSenmYaqWXcWlgIOBdYtlgNiIaJsfZwPdJMZYZrjCZz0rpnQjn433QCN0e4VvenkfcwIDAQAB';

/** Chromium's id for an extension key: the first 128 bits of its SHA-256, written a–p. @param {string} key */
export function extensionIdOf(key) {
  const hex = createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 32);
  return [...hex].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');
}

/** The listing pages the listing content script runs on. */
export const LISTING_PAGES = [
  'https://www.rightmove.co.uk/properties/*',
  'https://www.zoopla.co.uk/for-sale/details/*',
  'https://www.zoopla.co.uk/to-rent/details/*',
  'https://www.zoopla.co.uk/new-homes/details/*',
];

/**
 * @param {{ appUrl: string, supabaseUrl: string, key: string, version: string }} config
 */
export function manifest({ appUrl, supabaseUrl, key, version }) {
  const app = new URL(appUrl).origin;
  const api = new URL(supabaseUrl).origin;
  return {
    manifest_version: 3,
    name: 'Chloe – save properties',
    short_name: 'Chloe',
    version,
    description: 'Save Rightmove and Zoopla listings to your Chloe saved properties, online or not.',
    ...(key ? { key } : {}),
    icons: { 16: 'icons/icon.png', 32: 'icons/icon.png', 48: 'icons/icon.png', 128: 'icons/icon.png' },
    action: {
      default_title: 'Save to Chloe',
      default_popup: 'popup/popup.html',
      default_icon: { 16: 'icons/icon.png', 32: 'icons/icon.png' },
    },
    background: { service_worker: 'background.js', type: 'module', scripts: ['background.js'] },
    // activeTab: the popup reads the tab it was opened on; alarms: waiting saves are tried again.
    permissions: ['storage', 'alarms', 'activeTab'],
    host_permissions: [`${api}/*`],
    content_scripts: [
      { matches: LISTING_PAGES, js: ['content-listing.js'], run_at: 'document_idle' },
      { matches: [`${app}/extension-auth*`], js: ['content-app.js'], run_at: 'document_start' },
    ],
    // Only the app may hand over a session (chrome.runtime.sendMessage from /extension-auth).
    externally_connectable: { matches: [`${app}/*`] },
    browser_specific_settings: { gecko: { id: 'save-properties@chloe.ai', strict_min_version: '121.0' } },
  };
}
