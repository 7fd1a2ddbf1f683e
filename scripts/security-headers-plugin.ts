// The HTTP headers every response of the app carries: a Content-Security-Policy the
// whole app runs under, no framing, no referrer (an assessment link's token is in its path),
// nosniff, and the microphone for this origin only. Made from the build's own settings (the API,
// the voice service, the widget), written to `<outDir>/_headers` for a static host that reads that
// file (Netlify, Cloudflare Pages: README), and sent by `vite preview` (npm start, the e2e) from
// the same file, so what is tested is what ships.
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

export const HEADERS_FILE = '_headers';

// As src/lib/env.ts: what a build without the VITE_ settings talks to.
const LOCAL_SUPABASE_URL = 'http://localhost:54321';
const DEFAULT_VOICE_ORIGIN = 'wss://api.elevenlabs.io';
export const DEFAULT_WIDGET_URL = 'https://unpkg.com/@elevenlabs/convai-widget-embed@0.5.4';
// ElevenLabs' own hosts the production widget and SDK reach (its WebRTC calls go through LiveKit).
const ELEVENLABS = [
  'https://api.elevenlabs.io',
  'wss://api.elevenlabs.io',
  'wss://livekit.rtc.elevenlabs.io',
  'https://livekit.rtc.elevenlabs.io',
];

const originOf = (url: string) => new URL(url).origin;
/** The WebSocket (or HTTP) twin of an origin: Realtime and the voice service speak both. */
const twin = (origin: string) =>
  origin.replace(
    /^(https?|wss?):/,
    (_, scheme: string) => ({ http: 'ws:', https: 'wss:', ws: 'http:', wss: 'https:' })[scheme] ?? `${scheme}:`,
  );

/** The headers for a build with these VITE_ settings. */
/** The resampling worklet the voice SDK and widget load (@elevenlabs/client's addLibsamplerateModule). */
export const LIBSAMPLERATE_WORKLET =
  'https://cdn.jsdelivr.net/npm/@alexanderolsen/libsamplerate-js@2.1.2/dist/libsamplerate.worklet.js';

export function securityHeaders(env: Record<string, string | undefined>): Record<string, string> {
  const api = originOf(env['VITE_SUPABASE_URL'] || LOCAL_SUPABASE_URL);
  const voice = originOf(env['VITE_VOICE_ORIGIN'] || DEFAULT_VOICE_ORIGIN);
  const widget = originOf(env['VITE_VOICE_WIDGET_URL'] || DEFAULT_WIDGET_URL);
  const production = voice === 'wss://api.elevenlabs.io';
  // What ElevenLabs' widget (0.5.4, read from its package) fetches besides its API: the Inter font
  // from Google Fonts, and its resampling worklet from jsDelivr.
  const widgetExtras = production
    ? {
        // The one file, not the host: jsDelivr serves any npm package, so the host would let a
        // script in from anyone who published one (a path without a trailing slash is that file).
        script: ` ${LIBSAMPLERATE_WORKLET}`,
        style: ' https://fonts.googleapis.com',
        font: ' https://fonts.gstatic.com',
      }
    : { script: '', style: '', font: '' };
  const connect = new Set(["'self'", api, twin(api), voice, twin(voice), widget, ...(production ? ELEVENLABS : [])]);
  const csp = [
    "default-src 'self'",
    // blob: the voice SDK loads its audio worklets from blob URLs. No 'unsafe-eval': RxDB's
    // validators are compiled ahead of time (scripts/rx-validators.ts, ADR 033).
    `script-src 'self' ${widget} blob:${widgetExtras.script}`,
    // Ark UI and React write style attributes; no script can run from a style.
    `style-src 'self' 'unsafe-inline'${widgetExtras.style}`,
    `img-src ${[...new Set(["'self'", 'data:', 'blob:', 'https:', widget, twin(voice)])].join(' ')}`,
    `font-src 'self' data:${widgetExtras.font}`,
    "media-src 'self' blob: data:",
    `connect-src ${[...connect].join(' ')}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Permissions-Policy': 'microphone=(self), camera=(), geolocation=(), payment=(), usb=()',
  };
}

/** `_headers` as Netlify and Cloudflare Pages read it: every path gets every header. */
export const headersFile = (headers: Record<string, string>) =>
  `/*\n${Object.entries(headers)
    .map(([name, value]) => `  ${name}: ${value}`)
    .join('\n')}\n`;

/** The headers of a `_headers` file's `/*` block. */
export function readHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s+([A-Za-z-]+):\s*(.*)$/.exec(line);
    if (match) headers[match[1]!] = match[2]!;
  }
  return headers;
}

export function securityHeadersPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'chloe:security-headers',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      // Only the client build (not the service worker's or the prerender's).
      if (config.command !== 'build' || config.build.ssr || !existsSync(path.join(config.build.outDir, 'index.html')))
        return;
      const file = path.join(config.build.outDir, HEADERS_FILE);
      await writeFile(file, headersFile(securityHeaders({ ...config.env, ...process.env })));
    },
    configurePreviewServer(server) {
      const file = path.join(server.config.build.outDir, HEADERS_FILE);
      const headers = existsSync(file) ? readHeadersFile(readFileSync(file, 'utf8')) : {};
      server.middlewares.use((_req, res, next) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        next();
      });
    },
  };
}
