// @ts-check
// The local stand-in for hosted Supabase: Postgres, PostgREST, auth, edge functions, Realtime's
// live channel and one gateway, with a local inbox, a local voice service (ElevenLabs' stand-in)
// and a local Google (OAuth and Gmail). Used by `npm start`, `npm run dev` and the tests (which pass free ports and a
// throw-away data dir). This module starts the parts in order, wires them together and stops them
// in reverse; each part's own module says how it runs.
import path from 'node:path';
import { startRealtimeService } from '../services/realtime/index.mjs';
import { apiKeys, DEFAULT_JWT_SECRET } from '../shared/keys.mjs';
import {
  DEFAULT_API_PORT,
  DEFAULT_DATA_DIR,
  DEFAULT_DB_PORT,
  DEFAULT_GOOGLE_PORT,
  DEFAULT_VOICE_PORT,
  normanPasswordSetting,
  ROOT,
} from '../shared/settings.mjs';
import { startApi, startAutoReply, startDatabase, startFunctionsIfAny, startGoogle, startVoice } from './parts.mjs';
import { stopInReverse } from './process.mjs';
import { supervise } from './supervise.mjs';

/**
 * Fault injection for the tests and the bench. `killPostgrest` and `stopPostgres` take a part of
 * the stack away on purpose: it stays away (no automatic restart) until `startPostgrest` /
 * `startPostgres` brings it back on the same port; `stopVoice` / `startVoice` likewise for the
 * voice service (same port and key; the conversations it kept are forgotten); `cutRealtime` drops
 * every live-channel socket and refuses new ones until `restoreRealtime`. `pids` are the processes as they run now: kill
 * one from outside and the stack restarts it by itself, as it would after a crash.
 * @typedef {{
 *   killPostgrest: () => Promise<void>, startPostgrest: () => Promise<void>,
 *   stopPostgres: () => Promise<void>, startPostgres: () => Promise<void>,
 *   stopVoice: () => Promise<void>, startVoice: () => Promise<void>,
 *   cutRealtime: () => void, restoreRealtime: () => void,
 *   pids: () => { postgres?: number, postgrest?: number, functions?: number },
 * }} StackFaults
 */

// Where the app's Gmail consent comes back to (the tests build the same address).
export { GMAIL_CALLBACK_PATH } from './parts.mjs';

/**
 * @typedef {{
 *   apiUrl: string, dbUrl: string, adminDbUrl: string, mailUrl: string, anonKey: string, serviceRoleKey: string, jwtSecret: string,
 *   voiceUrl: string, voiceWsOrigin: string, voiceApiKey: string, normanPassword: string,
 *   googleUrl: string, processMail: () => Promise<unknown>,
 *   applied: string[], stop: () => Promise<void>, faults: StackFaults,
 * }} Stack
 * `voiceApiKey` is the voice service's key, also in the functions' env as ELEVENLABS_API_KEY: for
 * tests and tools only, never for the app. `normanPassword` is the functions' NORMAN_PASSWORD, the
 * one the Norman page accepts. `dbUrl` is `postgres`'s (not a superuser, as on hosted);
 * `adminDbUrl` the cluster's superuser's, for tests and tools that set up what no project could.
 */

/**
 * The stops of what has started, and the supervisors of its processes: `stop` holds every
 * supervisor, then stops everything in reverse order.
 * @param {(line: string) => void} log @param {(line: string) => void} notice
 * @returns {import('./parts.mjs').Run & { stop: () => Promise<void> }}
 */
function runner(log, notice) {
  /** @type {(() => Promise<unknown>)[]} stopped in reverse order */
  const stops = [];
  /** @type {Awaited<ReturnType<typeof supervise>>[]} */
  const supervised = [];
  const stop = async () => {
    // First of all, nothing is restarted any more: Ctrl-C also reaches the children directly.
    for (const s of supervised) s.hold();
    await stopInReverse(stops, log);
  };
  /** @param {string} name @param {() => Promise<import('./supervise.mjs').Service>} launch */
  const keepRunning = async (name, launch) => {
    const supervisor = await supervise(name, launch, { notice: (line) => notice(`[stack] ${line}`) });
    supervised.push(supervisor);
    stops.push(() => supervisor.stop());
    return supervisor;
  };
  return { log, notice, stops, stop, keepRunning };
}

/**
 * The faults the tests and the bench inject, over the parts as started.
 * @param {{
 *   postgres: Awaited<ReturnType<typeof supervise>>, postgrest: Awaited<ReturnType<typeof supervise>>,
 *   functions: Awaited<ReturnType<typeof supervise>> | undefined,
 *   voice: { stop: () => Promise<void>, start: () => Promise<void> },
 *   realtime: ReturnType<typeof startRealtimeService>,
 * }} parts
 * @returns {StackFaults}
 */
const faultsOf = ({ postgres, postgrest, functions, voice, realtime }) => ({
  // SIGKILL, as a crash would, but announced: the supervisor leaves it down.
  killPostgrest: () => postgrest.stop('SIGKILL'),
  startPostgrest: () => postgrest.start(),
  stopPostgres: () => postgres.stop(),
  startPostgres: () => postgres.start(),
  stopVoice: voice.stop,
  startVoice: voice.start,
  cutRealtime: () => realtime.cut(),
  restoreRealtime: () => realtime.restore(),
  pids: () => ({ postgres: postgres.pid(), postgrest: postgrest.pid(), functions: functions?.pid() }),
});

/**
 * @param {{
 *   dataDir?: string, apiPort?: number, dbPort?: number, jwtSecret?: string,
 *   functionsDir?: string, migrationsDir?: string, seedFile?: string | null,
 *   accessTokenTtl?: number, refreshTokenReuseInterval?: number,
 *   rateLimits?: Record<string, number> | null, mailPort?: number, confirmSignups?: boolean,
 *   voicePort?: number, normanPassword?: string,
 *   googlePort?: number, googleStateFile?: string | null, googleAccessTokenTtl?: number,
 *   appOrigins?: string[], mailProcessIntervalMs?: number | null, apiKeyKind?: 'legacy' | 'new',
 *   log?: (line: string) => void, notice?: (line: string) => void,
 * }} [options] `log` gets every service's output; `notice` (default: `log`) what a person running
 *   the stack should always see: a service that died and was restarted. `normanPassword` (default:
 *   NORMAN_PASSWORD, else the local default) is the Norman page's. `appOrigins` (default: the
 *   app on :4173 and :5173) may start a Gmail consent, and the local Google sends the popup back
 *   to their callback page; the first, when given, is also the auth service's Site URL (else
 *   config.toml's `site_url`), and each is an allowed redirect. `googleStateFile` keeps the local Google's mailboxes and grants
 *   across starts (null: memory only). `mailProcessIntervalMs`: how often the auto-reply runs
 *   (null, the default: never by itself; `processMail()` runs it once). `apiKeyKind`: 'legacy'
 *   (the default: clients get the anon and service_role JWT keys; the new kind works too) or 'new'
 *   (clients get sb_publishable_/sb_secret_ keys and the legacy ones are refused, as in a project
 *   that turned them off); the Stack's anonKey and serviceRoleKey are the ones clients get.
 * @returns {Promise<Stack>}
 */
export async function startStack(options = {}) {
  const log = options.log ?? (() => {});
  const notice = options.notice ?? log;
  const jwtSecret = options.jwtSecret ?? DEFAULT_JWT_SECRET;
  const apiPort = options.apiPort ?? DEFAULT_API_PORT;
  const dbPort = options.dbPort ?? DEFAULT_DB_PORT;
  const functionsDir = options.functionsDir ?? path.join(ROOT, 'supabase/functions');
  const keys = await apiKeys(jwtSecret);
  // What clients are given: the legacy JWT keys, or (a project that turned them off) the new kind.
  const apiKeyKind = options.apiKeyKind ?? 'legacy';
  const anonKey = apiKeyKind === 'new' ? keys.publishableKey : keys.anonKey;
  const serviceRoleKey = apiKeyKind === 'new' ? keys.secretKey : keys.serviceRoleKey;
  const apiUrl = `http://localhost:${apiPort}`;
  const normanPassword = options.normanPassword ?? normanPasswordSetting(process.env).normanPassword;
  const run = runner(log, notice);

  try {
    const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
    const { migrationsDir, seedFile } = options;
    const db = await startDatabase(run, { dataDir, dbPort, jwtSecret, migrationsDir, seedFile });
    const { dbUrl, adminDbUrl } = db;
    const voice = await startVoice(run, { port: options.voicePort ?? DEFAULT_VOICE_PORT });
    const appOrigins = options.appOrigins ?? ['http://localhost:4173', 'http://localhost:5173'];
    const google = await startGoogle(run, {
      port: options.googlePort ?? DEFAULT_GOOGLE_PORT,
      stateFile: options.googleStateFile ?? null,
      accessTokenTtl: options.googleAccessTokenTtl,
      appOrigins,
    });
    const functions = await startFunctionsIfAny(run, {
      functionsDir,
      env: {
        api: { url: apiUrl, keys, legacyKeys: apiKeyKind === 'legacy', dbUrl },
        voice: { url: voice.url, apiKey: voice.apiKey, normanPassword },
        google: { url: google.url, clientSecret: google.clientSecret, appOrigins },
      },
    });
    const realtime = startRealtimeService({ dbUrl: adminDbUrl, jwtSecret, log });
    run.stops.push(() => realtime.stop());
    const faults = faultsOf({ ...db, voice, functions: functions.supervisor, realtime });

    const { mailUrl } = await startApi(run, {
      options,
      gateway: {
        port: apiPort,
        jwtSecret,
        keys,
        legacyKeys: apiKeyKind === 'legacy',
        postgrestPort: db.postgrestPort,
        functionsPort: functions.port,
        realtime,
      },
      pool: db.pool,
      apiUrl,
    });

    const intervalMs = options.mailProcessIntervalMs;
    const runMail = startAutoReply(run, { apiUrl, serviceRoleKey, intervalMs, functionsPort: functions.port });

    return {
      apiUrl,
      dbUrl,
      adminDbUrl,
      mailUrl,
      googleUrl: google.url,
      processMail: runMail,
      voiceUrl: voice.url,
      voiceWsOrigin: voice.wsOrigin,
      voiceApiKey: voice.apiKey,
      normanPassword,
      anonKey,
      serviceRoleKey,
      jwtSecret,
      applied: db.applied,
      stop: run.stop,
      faults,
    };
  } catch (error) {
    await run.stop();
    throw error;
  }
}
