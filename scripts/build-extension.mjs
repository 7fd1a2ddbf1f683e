// @ts-check
// npm run build:extension: the browser extension (extension/) into dist-extension/, and zipped as
// dist-extension.zip, for the app and Supabase project it is to talk to:
//   EXTENSION_APP_URL        the app (default http://localhost:$APP_PORT, 4173: what npm start serves)
//   VITE_SUPABASE_URL        the project's API (default: the local stack's, SUPABASE_API_PORT)
//   VITE_SUPABASE_ANON_KEY   its anon key (default: the local stack's)
//   EXTENSION_KEY            the manifest key that fixes the id (default: extension/manifest.mjs's;
//                            '' for none, e.g. for a store upload)
//   EXTENSION_OUT_DIR        where to build (default dist-extension)
// The service worker and the popup are ES modules; the content scripts are single classic files
// (a content script cannot be a module).
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { build } from 'vite';
import { EXTENSION_PUBLIC_KEY, extensionIdOf, manifest } from '../extension/manifest.mjs';
import { localKeys, localSettings, portSetting, ROOT } from '../supabase/local/shared/settings.mjs';

const SRC = path.join(ROOT, 'extension/src');

/** What the extension is built for, from the environment. @param {NodeJS.ProcessEnv} env */
export async function extensionConfig(env = process.env) {
  const settings = localSettings(env);
  const appUrl = env.EXTENSION_APP_URL?.trim() || `http://localhost:${portSetting(env, 'APP_PORT', 4173)}`;
  return {
    appUrl: new URL(appUrl).origin,
    supabaseUrl: env.VITE_SUPABASE_URL?.trim() || settings.apiUrl,
    supabaseAnonKey: env.VITE_SUPABASE_ANON_KEY?.trim() || (await localKeys(settings)).anonKey,
    key: env.EXTENSION_KEY === undefined ? EXTENSION_PUBLIC_KEY : env.EXTENSION_KEY.trim(),
    outDir: path.resolve(ROOT, env.EXTENSION_OUT_DIR?.trim() || 'dist-extension'),
  };
}

/**
 * A zip of `dir` (deflated; what the Chrome Web Store and Firefox's add-on site take).
 * @param {string} dir @param {string} outFile
 */
async function zip(dir, outFile) {
  /** @type {string[]} */
  const files = [];
  const walk = async (/** @type {string} */ at) => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) await walk(full);
      else files.push(full);
    }
  };
  await walk(dir);
  files.sort();
  /** @type {Buffer[]} */
  const parts = [];
  /** @type {Buffer[]} */
  const central = [];
  let offset = 0;
  // 1 January 2026, 00:00: the same bytes for the same files.
  const dosTime = 0;
  const dosDate = ((2026 - 1980) << 9) | (1 << 5) | 1;
  for (const file of files) {
    const name = Buffer.from(path.relative(dir, file).split(path.sep).join('/'));
    const data = await readFile(file);
    const packed = deflateRawSync(data, { level: 9 });
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    parts.push(local, name, packed);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt16LE(dosTime, 12);
    entry.writeUInt16LE(dosDate, 14);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  await writeFile(outFile, Buffer.concat([...parts, directory, end]));
  return files.map((file) => path.relative(dir, file).split(path.sep).join('/'));
}

/** package.json's version. @param {string} text @returns {string} */
function versionOf(text) {
  /** @type {unknown} */
  const json = JSON.parse(text);
  const version = typeof json === 'object' && json !== null && 'version' in json ? json.version : undefined;
  return typeof version === 'string' ? version : '0.0.0';
}

/** Builds the extension; returns where, its id and its zip. @param {NodeJS.ProcessEnv} [env] */
export async function buildExtension(env = process.env, { quiet = false } = {}) {
  const config = await extensionConfig(env);
  const version = versionOf(await readFile(path.join(ROOT, 'package.json'), 'utf8'));
  const define = {
    __CHLOE_CONFIG__: JSON.stringify({
      appUrl: config.appUrl,
      supabaseUrl: config.supabaseUrl,
      supabaseAnonKey: config.supabaseAnonKey,
    }),
  };
  const logLevel = quiet ? 'silent' : 'warn';
  await rm(config.outDir, { recursive: true, force: true });
  // What every part's build shares: the same folder, filled by each in turn.
  /** @type {import('vite').InlineConfig} */
  const shared = { configFile: false, root: SRC, publicDir: false, logLevel, define };
  const output = { outDir: config.outDir, emptyOutDir: false, target: 'es2022' };
  // The popup and the service worker: ES modules, sharing chunks (supabase-js).
  await build({
    ...shared,
    base: './',
    build: {
      ...output,
      modulePreload: false,
      rollupOptions: {
        input: { popup: path.join(SRC, 'popup/popup.html'), background: path.join(SRC, 'background.ts') },
        output: {
          entryFileNames: '[name].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
          assetFileNames: 'assets/[name]-[hash][extname]',
        },
      },
    },
  });
  // The content scripts: one classic file each.
  for (const name of ['content-listing', 'content-app']) {
    await build({
      ...shared,
      build: {
        ...output,
        lib: { entry: path.join(SRC, `${name}.ts`), formats: ['iife'], name: 'chloe', fileName: () => `${name}.js` },
      },
    });
  }
  await mkdir(path.join(config.outDir, 'icons'), { recursive: true });
  await copyFile(path.join(ROOT, 'public/pwa/icon-192.png'), path.join(config.outDir, 'icons/icon.png'));
  const made = manifest({ appUrl: config.appUrl, supabaseUrl: config.supabaseUrl, key: config.key, version });
  await writeFile(path.join(config.outDir, 'manifest.json'), `${JSON.stringify(made, null, 2)}\n`);
  const zipFile = `${config.outDir}.zip`;
  const files = await zip(config.outDir, zipFile);
  const id = config.key ? extensionIdOf(config.key) : null;
  return { outDir: config.outDir, zipFile, files, id, config, size: (await stat(zipFile)).size };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const built = await buildExtension();
  const rel = (/** @type {string} */ p) => path.relative(ROOT, p);
  console.log(
    `Built the extension into ${rel(built.outDir)}/ and ${rel(built.zipFile)} (${Math.round(built.size / 1024)} KiB).`,
  );
  console.log(`For the app at ${built.config.appUrl} and the API at ${built.config.supabaseUrl}.`);
  if (built.id) console.log(`Extension id: ${built.id} (the app's VITE_EXTENSION_ID).`);
  console.log(`Load it unpacked: chrome://extensions → Developer mode → Load unpacked → ${rel(built.outDir)}`);
}
