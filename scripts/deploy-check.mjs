#!/usr/bin/env node
// @ts-check
// npm run deploy:check: is a Supabase project ready for this app? Asks the project itself, with
// only its URL and API keys, and says in plain words what is missing and where to fix it (README:
// "Deploying"). Exit 0 when everything holds, 1 when something is missing, 2 for bad arguments.
//
//   SUPABASE_URL            https://<ref>.supabase.co (default: the local stack npm start runs)
//   SUPABASE_SECRET_KEY     sb_secret_… (or the legacy SUPABASE_SERVICE_ROLE_KEY)
//   SUPABASE_PUBLISHABLE_KEY sb_publishable_… (or the legacy anon key, VITE_SUPABASE_ANON_KEY)
//   APP_ORIGIN              where the app is served, e.g. https://app.example.com
//
// Each may be given as --url, --secret-key, --publishable-key, --app instead.
import path from 'node:path';
import { localKeys, localSettings, ROOT } from '../supabase/local/shared/settings.mjs';
import { functionNames } from '../supabase/local/stack/functions.mjs';
import { migrationFiles } from '../supabase/local/stack/migrate.mjs';
import { checks } from './deploy-checks.mjs';

/** @param {string[]} argv @returns {Record<string, string>} */
function flags(argv) {
  /** @type {Record<string, string>} */
  const out = {};
  for (let i = 0; i < argv.length; i += 1) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i] ?? '');
    if (!m?.[1]) throw new Error(`Unknown argument ${argv[i]}: use --url, --secret-key, --publishable-key, --app`);
    out[m[1]] = m[2] ?? argv[(i += 1)] ?? '';
  }
  return out;
}

async function main() {
  let given;
  try {
    given = flags(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const env = process.env;
  const local = !(given.url || env.SUPABASE_URL);
  const settings = localSettings();
  const keys = local ? await localKeys(settings) : null;
  const url = (given.url || env.SUPABASE_URL || settings.apiUrl).replace(/\/+$/, '');
  const secretKey =
    given['secret-key'] || env.SUPABASE_SECRET_KEY || env.SUPABASE_SERVICE_ROLE_KEY || keys?.serviceRoleKey;
  const publishableKey =
    given['publishable-key'] || env.SUPABASE_PUBLISHABLE_KEY || env.VITE_SUPABASE_ANON_KEY || keys?.anonKey;
  const app = (given.app || env.APP_ORIGIN || (local ? 'http://localhost:4173' : '')).replace(/\/+$/, '');
  const missing = [
    !secretKey && 'the secret key (SUPABASE_SECRET_KEY or --secret-key: Project Settings → API Keys)',
    !publishableKey && 'the publishable key (SUPABASE_PUBLISHABLE_KEY or --publishable-key)',
    !app && "the app's origin (APP_ORIGIN or --app, e.g. https://app.example.com)",
  ].filter(Boolean);
  if (missing.length || !secretKey || !publishableKey) {
    console.error(`deploy:check needs ${missing.join(', ')}.`);
    return 2;
  }

  const migrations = (await migrationFiles()).map((f) => f.split('_')[0] ?? '');
  const functions = functionNames(path.join(ROOT, 'supabase/functions'));

  console.log(`Checking ${url} for the app at ${app}`);
  const results = await checks({ url, secretKey, publishableKey, app, migrations, functions });
  for (const r of results) console.log(`${r.ok ? '✓' : '✗'} ${r.what}: ${r.says}`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(failed ? `Not ready: ${failed} thing(s) to fix.` : 'Ready.');
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
