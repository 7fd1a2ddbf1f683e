// @vitest-environment node
// npm run build:extension: the unpacked folder a browser loads, and the zip a store takes holding
// the same files (read back here entry by entry: names, sizes, CRCs, contents).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildExtension } from '../scripts/build-extension.mjs';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) {
    await rm(dir, { recursive: true, force: true });
    await rm(`${dir}.zip`, { force: true });
  }
});

/** The entries of a zip, from its central directory. */
function unzip(zip: Buffer) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const packedSize = zip.readUInt32LE(local + 18);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = inflateRawSync(zip.subarray(start, start + packedSize));
    expect([name, data.length, crc32(data)]).toEqual([name, size, crc]);
    entries.set(name, data);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

describe('build:extension', () => {
  it('builds the folder for the app and API it is told, and a zip of the same files', { timeout: 60_000 }, async () => {
    const outDir = await mkdtemp(path.join(os.tmpdir(), 'chloe-extension-build-'));
    dirs.push(outDir);
    const built = await buildExtension(
      {
        ...process.env,
        EXTENSION_APP_URL: 'https://app.chloe.example/somewhere',
        VITE_SUPABASE_URL: 'https://ref.supabase.example',
        VITE_SUPABASE_ANON_KEY: 'anon-key-of-the-project',
        EXTENSION_OUT_DIR: outDir,
      },
      { quiet: true },
    );
    expect(built.id).toBe('pkcafcjbhmeidkhjonfnpdjpghmhacch');
    const manifest = JSON.parse(await readFile(path.join(outDir, 'manifest.json'), 'utf8')) as {
      host_permissions: string[];
      externally_connectable: { matches: string[] };
      background: { service_worker: string };
      action: { default_popup: string };
      content_scripts: { js: string[] }[];
    };
    expect(manifest.host_permissions).toEqual(['https://ref.supabase.example/*']);
    expect(manifest.externally_connectable.matches).toEqual(['https://app.chloe.example/*']);
    // The configuration is in the code the service worker runs.
    const background = await readFile(path.join(outDir, manifest.background.service_worker), 'utf8');
    const chunks = [...built.files].filter((f) => f.endsWith('.js'));
    const code = (await Promise.all(chunks.map((f) => readFile(path.join(outDir, f), 'utf8')))).join('\n');
    expect(background.length).toBeGreaterThan(0);
    expect(code).toContain('https://ref.supabase.example');
    expect(code).toContain('anon-key-of-the-project');
    // Content scripts are single classic files (a content script cannot import).
    for (const script of manifest.content_scripts.flatMap((c) => c.js)) {
      expect(await readFile(path.join(outDir, script), 'utf8')).not.toMatch(/^\s*import\s/m);
    }

    const entries = unzip(await readFile(built.zipFile));
    expect([...entries.keys()].sort()).toEqual([...built.files].sort());
    expect([...entries.keys()]).toEqual(
      expect.arrayContaining(['manifest.json', manifest.action.default_popup, manifest.background.service_worker]),
    );
    for (const [name, data] of entries) expect(data.equals(await readFile(path.join(outDir, name)))).toBe(true);
  });
});
