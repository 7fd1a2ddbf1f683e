// How Debian's Chromium is launched here (no browser download: the machines reach no CDN): e2e and
// bench share it.

/** The whole browser: what a person runs, and what the bench and the specs of a profile launch. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The e2e's browser (Debian's chromium-headless-shell, the build Playwright itself runs headless):
 * the same Blink, V8, network and storage, without the browser's windows and its UI pages, which
 * a test sees nothing of: 22 specs' tests took 302 s here instead of 428 (ADR 049). The specs
 * that need the whole browser launch it themselves with CHROMIUM_PATH: an extension, the
 * installability check, a profile on disk.
 */
export const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * Playwright's own --disable-features list (playwright-core's chromiumSwitches), repeated here:
 * Chromium keeps only the last --disable-features switch, and ours comes after Playwright's.
 * tests/lint/chromium-args.test.ts fails when a Playwright upgrade changes the list.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 loads the address bar's popup, a WebUI page, into a renderer of its own for a new
 * window, headless too, where nothing ever shows it: half a second of CPU per browser context
 * here (7.2 s → 6.6 s for a context, a page and its service worker's install), and the e2e opens
 * hundreds of contexts.
 */
const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'PreloadTopChromeWebUI'];

export const DISABLE_FEATURES = `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`;

// Without the background-networking flags Chromium keeps dialling hosts this closed network refuses.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  DISABLE_FEATURES,
  // A fake microphone (a beep) where a test grants the 'microphone' permission; refused where it
  // does not. Audio may play without a click, as after a person's first tap (?voice=true).
  '--use-fake-device-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

/**
 * The whole browser, for the specs with a microphone (Playwright's launchOptions, through
 * test.use): the headless shell has no media capture (getUserMedia says NotSupportedError), so a
 * call could not start there, and a refused microphone would fail otherwise than a person's.
 */
export const WHOLE_BROWSER = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
