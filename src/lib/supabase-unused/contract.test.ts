// @vitest-environment node
// The build swaps supabase-js's Realtime and Storage clients for stand-ins and reaches the real
// realtime-js by its file path (vite.config.ts, ADR 012; src/sync/live.ts, ADR 021). What each
// side relies on of the installed packages, checked against them: an upgrade that breaks it fails
// here, not in a browser.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as realtimeStandIn from './realtime';
import { loadRealtimePackage } from './realtime-package';
import * as storageStandIn from './storage';

const require = createRequire(import.meta.url);
const supabaseJs = readFileSync(require.resolve('@supabase/supabase-js').replace(/\.cjs$/, '.mjs'), 'utf8');
const src = path.resolve(import.meta.dirname, '../..');

/** The names supabase-js's module build imports from `pkg`. */
const importedFrom = (pkg: string) =>
  [...supabaseJs.matchAll(new RegExp(`import \\{([^}]*)\\} from "${pkg.replace('/', '\\/')}"`, 'g'))]
    .flatMap((m) => m[1]!.split(','))
    .map((name) => name.trim().split(/\s+as\s+/)[0]!)
    .filter(Boolean);

/** The methods supabase-js calls on its `this.<field>` client. */
const calledOn = (field: string) => [
  ...new Set([...supabaseJs.matchAll(new RegExp(`this\\.${field}\\.(\\w+)\\(`, 'g'))].map((m) => m[1]!)),
];

describe('the stand-ins supabase-js gets in the build', () => {
  it('export every name supabase-js imports from realtime-js and storage-js', () => {
    const fromRealtime = importedFrom('@supabase/realtime-js');
    const fromStorage = importedFrom('@supabase/storage-js');
    expect(fromRealtime).toContain('RealtimeClient');
    expect(fromStorage).toContain('StorageClient');
    for (const name of fromRealtime) expect(realtimeStandIn, `realtime-js's ${name}`).toHaveProperty(name);
    for (const name of fromStorage) expect(storageStandIn, `storage-js's ${name}`).toHaveProperty(name);
  });

  it('have every method supabase-js calls on its realtime and storage clients', () => {
    const onRealtime = calledOn('realtime');
    expect(onRealtime).toContain('setAuth');
    for (const method of onRealtime)
      expect(typeof Reflect.get(realtimeStandIn.RealtimeClient.prototype, method), method).toBe('function');
    for (const method of calledOn('storage'))
      expect(typeof Reflect.get(storageStandIn.StorageClient.prototype, method), method).toBe('function');
  });

  it('a channel through supabase-js says where the live channel is', () => {
    expect(() => new realtimeStandIn.RealtimeClient().channel()).toThrow(/src\/sync\/live\.ts/);
  });

  it('the app takes no value from supabase-js that realtime-js gives it (the stand-in would not have it)', async () => {
    const real = Object.keys(await loadRealtimePackage());
    const files = listSources(src);
    const taken = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/import \{([^}]*)\} from '@supabase\/supabase-js'/g)].flatMap((m) =>
        m[1]!
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type ')),
      ),
    );
    expect(taken.length).toBeGreaterThan(0);
    expect(taken.filter((name) => real.includes(name))).toEqual([]);
  });
});

describe('the real realtime-js, by its file path', () => {
  it('loads, with what the live channel uses of a client and a channel', async () => {
    const { RealtimeClient } = await loadRealtimePackage();
    // Node 20 has no WebSocket of its own; nothing connects here anyway.
    const client = new RealtimeClient('ws://127.0.0.1:9/realtime/v1', {
      params: { apikey: 'key' },
      transport: WebSocket as unknown as typeof globalThis.WebSocket,
    });
    for (const method of ['channel', 'setAuth', 'removeChannel', 'removeAllChannels', 'disconnect'] as const)
      expect(typeof client[method], method).toBe('function');
    const channel = client.channel('topic', { config: { private: true } });
    expect(typeof channel.on).toBe('function');
    expect(typeof channel.subscribe).toBe('function');
    await client.removeAllChannels();
    await client.disconnect();
  });
});

/** The app's TypeScript files, tests left out. */
function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}
