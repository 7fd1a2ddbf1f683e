// @ts-check
// The edge functions of supabase/functions under Deno, in one process (functions-main.deno.ts), with
// the env hosted Supabase gives them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { GOOGLE_CLIENT_ID } from '../services/google/accounts.mjs';
import { NORMAN_AGENT, VOICE_AGENTS } from '../services/voice/agents.mjs';
import { ROOT } from '../shared/settings.mjs';
import { startChild, waitForHttp } from './process.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);

/** A `.env` file's variables (a function's secrets); none when there is no file. @param {string} file @returns {Record<string, string>} */
export function readDotEnv(file) {
  if (!existsSync(file)) return {};
  /** @type {Record<string, string>} */
  const out = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = line.match(/^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/);
    if (!m || !m[1]) continue;
    out[m[1]] = (m[2] ?? '').replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}

/** The functions of `functionsDir`, by name (`<name>/index.ts`; `_shared` and the like are not). @param {string} functionsDir */
export function functionNames(functionsDir) {
  if (!existsSync(functionsDir)) return [];
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter(
      (d) => d.isDirectory() && !d.name.startsWith('_') && existsSync(path.join(functionsDir, d.name, 'index.ts')),
    )
    .map((d) => d.name)
    .sort();
}

/** Whether `functionsDir` holds a function. @param {string} functionsDir */
export const hasFunctions = (functionsDir) => functionNames(functionsDir).length > 0;

/**
 * What the product's functions find in their env on the local stack: the project's secrets
 * (supabase/functions/.env), then what hosted Supabase sets, then the addresses and keys of the
 * local stand-ins, which win over any secret of the same name.
 * @param {{ secrets: Record<string, string>,
 *   api: { url: string, keys: import('../shared/keys.mjs').ApiKeys, legacyKeys: boolean, dbUrl: string },
 *   voice: { url: string, apiKey: string, normanPassword: string },
 *   google: { url: string, clientSecret: string, appOrigins: string[] } }} parts
 */
export function functionsEnv({ secrets, api, voice, google }) {
  return {
    ...secrets,
    SUPABASE_URL: api.url,
    // Both kinds, as hosted gives them (the legacy ones only while the project has them on).
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: api.keys.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: api.keys.secretKey }),
    ...(api.legacyKeys
      ? { SUPABASE_ANON_KEY: api.keys.anonKey, SUPABASE_SERVICE_ROLE_KEY: api.keys.serviceRoleKey }
      : {}),
    SUPABASE_DB_URL: api.dbUrl,
    // Locally the functions always talk to the local voice service.
    ELEVENLABS_API_KEY: voice.apiKey,
    ELEVENLABS_API_URL: voice.url,
    ELEVENLABS_AGENT_IDS: VOICE_AGENTS.join(','),
    // Norman's page and private agent (ADR 009): the password npm start prints.
    NORMAN_PASSWORD: voice.normanPassword,
    NORMAN_AGENT_ID: NORMAN_AGENT,
    // Gmail (ADR 010): every Google address is the local Google's.
    GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_AUTH_URL: `${google.url}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${google.url}/token`,
    GOOGLE_USERINFO_URL: `${google.url}/v1/userinfo`,
    GMAIL_API_URL: google.url,
    APP_ORIGINS: google.appOrigins.join(','),
  };
}

/**
 * The edge functions of `functionsDir` under one Deno process on 127.0.0.1:`port`, with exactly
 * `env` (plus what Deno itself needs): started once `/_health` answers. The stack runs the
 * product's functions this way; a test may run them with an env of its own.
 * @param {{ functionsDir: string, port: number, env: Record<string, string | undefined>,
 *   log?: (line: string) => void }} opts
 */
export async function startFunctions({ functionsDir, port, env, log = () => {} }) {
  const child = startChild(
    'functions',
    path.join(ROOT, 'node_modules/deno/deno'),
    [
      'run',
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--allow-sys',
      '--quiet',
      path.join(here, 'functions-main.deno.ts'),
      functionsDir,
      String(port),
    ],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DENO_DIR: path.join(ROOT, '.deno'),
        DENO_NO_UPDATE_CHECK: '1',
        ...env,
      },
      log,
    },
  );
  try {
    await waitForHttp(`http://127.0.0.1:${port}/_health`, {
      child: child.child,
      name: 'Deno functions',
      logs: child.logs,
      timeoutMs: 60_000,
    });
  } catch (error) {
    await child.stop();
    throw error;
  }
  return child;
}
