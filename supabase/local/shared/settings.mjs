// @ts-check
// Where the local stack runs and with which keys, read from the environment in one place: `npm
// start` / `npm run dev` / `npm run stack` (scripts/start.mjs) start it with these settings, and
// the tools that talk to it (`npm run staff`) find it with the same ones.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { apiKeys, DEFAULT_JWT_SECRET } from './keys.mjs';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
export const DEFAULT_API_PORT = 54321;
export const DEFAULT_DB_PORT = 54322;
/** The local inbox (the Supabase CLI's Inbucket/Mailpit port). */
export const DEFAULT_MAIL_PORT = 54324;
/** The local voice service (services/voice), standing in for ElevenLabs. */
export const DEFAULT_VOICE_PORT = 54325;
/** The local Google (services/google): OAuth consent and Gmail. */
export const DEFAULT_GOOGLE_PORT = 54326;
/** Postgres's own folder when nothing is set: inside the data folder, `.data`. */
export const DEFAULT_DATA_DIR = path.join(ROOT, '.data/postgres');
const DEFAULT_DATA_FOLDER = path.join(ROOT, '.data');

/** How often the local stack runs the auto-reply (a hosted project schedules it with pg_cron). */
export const MAIL_PROCESS_INTERVAL_MS = 60_000;

/**
 * A port number from the environment variable `name`, or `fallback` when it is not set.
 * @param {NodeJS.ProcessEnv} env @param {string} name @param {number} fallback
 */
export function portSetting(env, name, fallback) {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a port number from 1 to 65535, not "${raw}".`);
  }
  return port;
}

/**
 * JWT_SECRET: who runs the stack beyond one laptop sets their own (at least 32 characters, as
 * PostgREST and GoTrue require); the anon and service-role keys are signed with it. Unset, the
 * well-known local secret (ADR 001), and `npm start` says so.
 * @param {NodeJS.ProcessEnv} env
 */
export function jwtSecretSetting(env) {
  const secret = env.JWT_SECRET?.trim();
  if (!secret) return { jwtSecret: DEFAULT_JWT_SECRET, wellKnown: true };
  if (secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long.');
  return { jwtSecret: secret, wellKnown: false };
}

/** The Norman page's password on the local stack when NORMAN_PASSWORD is not set (npm start prints it). */
export const DEFAULT_NORMAN_PASSWORD = 'norman-local-demo';

/**
 * NORMAN_PASSWORD, the password norman-access checks (ADR 009); unset, the local default.
 * @param {NodeJS.ProcessEnv} env
 */
export function normanPasswordSetting(env) {
  const password = env.NORMAN_PASSWORD?.trim();
  return password
    ? { normanPassword: password, normanPasswordIsDefault: false }
    : { normanPassword: DEFAULT_NORMAN_PASSWORD, normanPasswordIsDefault: true };
}

/**
 * SUPABASE_API_PORT (the gateway, :54321), SUPABASE_DB_PORT (Postgres, :54322), SUPABASE_MAIL_PORT
 * (the local inbox, :54324), VOICE_PORT (the local voice service, :54325), GOOGLE_PORT (the local
 * Google, :54326), CHLOE_DATA_DIR (the data folder, .data: Postgres in its `postgres/`, the local
 * Google's mailboxes in its `google.json`), JWT_SECRET (the well-known local one unless set),
 * NORMAN_PASSWORD (the local default unless set) and CHLOE_API_KEYS (legacy unless set).
 * @param {NodeJS.ProcessEnv} [env]
 */
export function localSettings(env = process.env) {
  const apiPort = portSetting(env, 'SUPABASE_API_PORT', DEFAULT_API_PORT);
  const dbPort = portSetting(env, 'SUPABASE_DB_PORT', DEFAULT_DB_PORT);
  const mailPort = portSetting(env, 'SUPABASE_MAIL_PORT', DEFAULT_MAIL_PORT);
  const voicePort = portSetting(env, 'VOICE_PORT', DEFAULT_VOICE_PORT);
  const googlePort = portSetting(env, 'GOOGLE_PORT', DEFAULT_GOOGLE_PORT);
  // Tests point a second stack at a throw-away folder; everyone else keeps the one in .data/.
  const { dataDir, googleStateFile } = dataLayout(env.CHLOE_DATA_DIR?.trim() || DEFAULT_DATA_FOLDER);
  const { jwtSecret, wellKnown } = jwtSecretSetting(env);
  return {
    apiPort,
    dbPort,
    mailPort,
    voicePort,
    googlePort,
    dataDir,
    googleStateFile,
    jwtSecret,
    wellKnownSecret: wellKnown,
    apiKeyKind: apiKeyKindSetting(env),
    ...normanPasswordSetting(env),
    apiUrl: `http://localhost:${apiPort}`,
    // What the app is built with: the voice service's addresses follow from its port alone.
    voiceUrl: `http://127.0.0.1:${voicePort}`,
    voiceWsOrigin: `ws://127.0.0.1:${voicePort}`,
    googleUrl: `http://127.0.0.1:${googlePort}`,
  };
}

/**
 * CHLOE_API_KEYS: which kind of API key the local project hands out. 'legacy' (the default): the
 * anon and service_role JWT keys, with the new kind accepted too, as a project in the middle of
 * the switch; 'new': sb_publishable_… and sb_secret_… only, as a project that turned the legacy
 * keys off.
 * @param {NodeJS.ProcessEnv} env @returns {'legacy' | 'new'}
 */
export function apiKeyKindSetting(env) {
  const kind = env.CHLOE_API_KEYS?.trim() || 'legacy';
  if (kind !== 'legacy' && kind !== 'new') {
    throw new Error(`CHLOE_API_KEYS must be legacy or new, not ${JSON.stringify(kind)}`);
  }
  return kind;
}

/**
 * The keys clients of the local stack started with these settings use: `anonKey` for the app and
 * the extension, `serviceRoleKey` for staff tools (of the kind CHLOE_API_KEYS names).
 * @param {{ jwtSecret: string, apiKeyKind: 'legacy' | 'new' }} settings
 */
export async function localKeys(settings) {
  const keys = await apiKeys(settings.jwtSecret);
  return settings.apiKeyKind === 'new'
    ? { anonKey: keys.publishableKey, serviceRoleKey: keys.secretKey }
    : { anonKey: keys.anonKey, serviceRoleKey: keys.serviceRoleKey };
}

/**
 * Where Postgres and the local Google keep their data, inside `folder`: `postgres/` and
 * `google.json`. A folder that is itself a Postgres cluster (CHLOE_DATA_DIR named Postgres's own
 * folder before it named the data folder) is used as it is, the Google file beside it, as then;
 * so is a Google file kept under its earlier name.
 * @param {string} folder
 */
export function dataLayout(folder) {
  const trimmed = folder.replace(/\/+$/, '');
  if (existsSync(path.join(trimmed, 'PG_VERSION'))) {
    return { dataDir: trimmed, googleStateFile: `${trimmed}-google.json` };
  }
  const dataDir = path.join(trimmed, 'postgres');
  const earlier = `${dataDir}-google.json`;
  const googleStateFile = path.join(trimmed, 'google.json');
  return { dataDir, googleStateFile: !existsSync(googleStateFile) && existsSync(earlier) ? earlier : googleStateFile };
}
