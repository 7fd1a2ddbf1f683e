// @ts-check
// The local stand-in for hosted Supabase: Postgres, PostgREST, auth, edge functions, Realtime's
// live channel and one gateway, with a local inbox, a local voice service (ElevenLabs' stand-in)
// and a local Google (OAuth and Gmail). Used by `npm start`, `npm run dev` and the tests (which pass free ports and a
// throw-away data dir). This module starts the parts in order, wires them together and stops them
// in reverse; each part's own module says how it runs.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { createAuthService } from '../services/auth/index.mjs';
import { GOOGLE_CLIENT_ID } from '../services/google/accounts.mjs';
import { startGoogleService } from '../services/google/index.mjs';
import { startMailServer } from '../services/mail/index.mjs';
import { startRealtimeService } from '../services/realtime/index.mjs';
import { createMailbox } from '../services/mail/mailbox.mjs';
import { voiceApiKey } from '../services/voice/agents.mjs';
import { startVoiceService } from '../services/voice/index.mjs';
import { apiKeys, DEFAULT_JWT_SECRET } from '../shared/keys.mjs';
import {
  DEFAULT_API_PORT,
  DEFAULT_DATA_DIR,
  DEFAULT_DB_PORT,
  DEFAULT_GOOGLE_PORT,
  DEFAULT_MAIL_PORT,
  DEFAULT_VOICE_PORT,
  normanPasswordSetting,
  ROOT,
} from '../shared/settings.mjs';
import { scheduleAutoReply, runAutoReply } from './auto-reply.mjs';
import { functionsEnv, hasFunctions, readDotEnv, startFunctions } from './functions.mjs';
import { startGateway } from './gateway.mjs';
import { prepareDatabase } from './migrate.mjs';
import { freePort, stopInReverse } from './process.mjs';
import { OWNER, postgresUrl, startPostgres, superuserOf } from './postgres.mjs';
import { startPostgrest } from './postgrest.mjs';
import { readProjectConfig } from './project-config.mjs';
import { supervise } from './supervise.mjs';

const AUTHENTICATOR_PASSWORD = 'authenticator-local-password';

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

/** Where the app's Gmail consent comes back to: the callback page of each app origin. */
export const GMAIL_CALLBACK_PATH = '/gmail-oauth-callback.html';

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

  /** @type {(() => Promise<unknown>)[]} stopped in reverse order */
  const stops = [];
  /** @type {Awaited<ReturnType<typeof supervise>>[]} */
  const supervised = [];
  const stop = async () => {
    // First of all, nothing is restarted any more: Ctrl-C also reaches the children directly.
    for (const s of supervised) s.hold();
    await stopInReverse(stops, log);
  };

  try {
    const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
    /** @param {string} name @param {() => Promise<import('./supervise.mjs').Service>} launch */
    const keepRunning = async (name, launch) => {
      const supervisor = await supervise(name, launch, { notice: (line) => notice(`[stack] ${line}`) });
      supervised.push(supervisor);
      stops.push(() => supervisor.stop());
      return supervisor;
    };

    // `postgres`'s URL is the project's (printed, SUPABASE_DB_URL); the platform's own services
    // (auth, realtime) and the bootstrap use the superuser's, as their hosted roles may do more.
    const dbUrl = postgresUrl(dbPort);
    const superuser = superuserOf(dataDir);
    const adminDbUrl = postgresUrl(dbPort, superuser);
    if (superuser === OWNER)
      notice(
        `[stack] ${dataDir} was made when postgres was its superuser (hosted's is not): migrations run ` +
          'with rights a hosted project does not give. Delete that folder (its data goes with it) for the hosted layout.',
      );
    const postgres = await keepRunning('Postgres', () => startPostgres({ dataDir, port: dbPort, log }));

    const applied = await prepareDatabase(
      { url: dbUrl, adminUrl: adminDbUrl },
      {
        authenticatorPassword: AUTHENTICATOR_PASSWORD,
        migrationsDir: options.migrationsDir,
        seedFile: options.seedFile,
      },
    );

    // A request with no connection within 10 s fails: it never waits without end.
    const pool = new pg.Pool({ connectionString: adminDbUrl, max: 5, connectionTimeoutMillis: 10_000 });
    // An idle connection dropped by Postgres is not a crash of the stack.
    pool.on('error', (error) => log(`[auth] database connection lost: ${error.message}`));
    stops.push(() => pool.end());

    const postgrestPort = await freePort();
    const postgrest = await keepRunning('PostgREST', () =>
      startPostgrest({ port: postgrestPort, dbPort, authenticatorPassword: AUTHENTICATOR_PASSWORD, jwtSecret, log }),
    );

    // The voice service (ElevenLabs' stand-in): its key goes to the functions' env and nowhere else.
    const voicePort = options.voicePort ?? DEFAULT_VOICE_PORT;
    const voiceKey = voiceApiKey(process.env);
    const startVoice = () => startVoiceService({ port: voicePort, apiKey: voiceKey, log });
    /** @type {Awaited<ReturnType<typeof startVoiceService>> | undefined} */
    let voice = await startVoice();
    const voiceUrl = voice.url;
    const voiceWsOrigin = voice.wsOrigin;
    stops.push(async () => {
      await voice?.stop();
      voice = undefined;
    });

    // The local Google: its client's secret goes to the functions' env and nowhere else.
    const appOrigins = options.appOrigins ?? ['http://localhost:4173', 'http://localhost:5173'];
    const googleSecret = `GOCSPX-local-${randomBytes(18).toString('hex')}`;
    const google = await startGoogleService({
      port: options.googlePort ?? DEFAULT_GOOGLE_PORT,
      stateFile: options.googleStateFile ?? null,
      accessTokenTtl: options.googleAccessTokenTtl,
      clients: [
        {
          clientId: GOOGLE_CLIENT_ID,
          clientSecret: googleSecret,
          redirectUris: appOrigins.map((origin) => `${origin}${GMAIL_CALLBACK_PATH}`),
        },
      ],
      log,
    });
    stops.push(google.stop);

    let functionsPort = null;
    /** @type {Awaited<ReturnType<typeof supervise>> | undefined} */
    let functions;
    if (hasFunctions(functionsDir)) {
      const port = await freePort();
      functionsPort = port;
      const env = functionsEnv({
        secrets: readDotEnv(path.join(functionsDir, '.env')),
        api: { url: apiUrl, keys, legacyKeys: apiKeyKind === 'legacy', dbUrl },
        voice: { url: voiceUrl, apiKey: voiceKey, normanPassword },
        google: { url: google.url, clientSecret: googleSecret, appOrigins },
      });
      functions = await keepRunning('Deno (functions)', () => startFunctions({ functionsDir, port, log, env }));
    }

    const realtime = startRealtimeService({ dbUrl: adminDbUrl, jwtSecret, log });
    stops.push(() => realtime.stop());

    /** @type {StackFaults} */
    const faults = {
      // SIGKILL, as a crash would, but announced: the supervisor leaves it down.
      killPostgrest: () => postgrest.stop('SIGKILL'),
      startPostgrest: () => postgrest.start(),
      stopPostgres: () => postgres.stop(),
      startPostgres: () => postgres.start(),
      stopVoice: async () => {
        await voice?.stop();
        voice = undefined;
      },
      startVoice: async () => {
        voice ??= await startVoice();
      },
      cutRealtime: () => realtime.cut(),
      restoreRealtime: () => realtime.restore(),
      pids: () => ({ postgres: postgres.pid(), postgrest: postgrest.pid(), functions: functions?.pid() }),
    };

    // Where the auth service's mail goes: an inbox page instead of a real one (Supabase CLI: :54324).
    const mailbox = createMailbox();
    const mail = await startMailServer({ port: options.mailPort ?? DEFAULT_MAIL_PORT, mailbox });
    stops.push(mail.stop);
    const { auth: fromConfig, functionsWithoutJwt } = readProjectConfig();

    const auth = createAuthService({
      pool,
      mailbox,
      // The app's own address, where `npm start` serves it (APP_PORT): a confirmation link sends
      // the browser there, as a hosted project's Site URL does.
      siteUrl: options.appOrigins?.[0] ?? fromConfig.siteUrl,
      redirectUrls: [...fromConfig.redirectUrls, ...(options.appOrigins ?? [])],
      confirmSignups: options.confirmSignups ?? fromConfig.confirmSignups,
      secureEmailChange: fromConfig.secureEmailChange,
      securePasswordChange: fromConfig.securePasswordChange,
      // Hosted: Authentication → Email → 'Require current password when updating' (the CLI's
      // config.toml has no name for it; the README's deploy steps turn it on).
      requireCurrentPassword: true,
      jwtSecret,
      issuer: `${apiUrl}/auth/v1`,
      accessTokenTtl: options.accessTokenTtl,
      refreshTokenReuseInterval: options.refreshTokenReuseInterval ?? fromConfig.refreshTokenReuseInterval,
      rateLimits: options.rateLimits === undefined ? fromConfig.rateLimits : options.rateLimits,
    });
    const gateway = await startGateway({
      port: apiPort,
      jwtSecret,
      keys,
      legacyKeys: apiKeyKind === 'legacy',
      postgrestPort,
      functionsPort,
      noVerifyJwt: functionsWithoutJwt,
      auth,
      realtime,
      log,
    });
    stops.push(gateway.stop);

    // The auto-reply, run as a hosted project's pg_cron would run it.
    const runMail = () => runAutoReply({ apiUrl, serviceRoleKey });
    const intervalMs = options.mailProcessIntervalMs;
    if (intervalMs && functionsPort !== null) {
      const unschedule = scheduleAutoReply({ apiUrl, serviceRoleKey, intervalMs, log, notice });
      stops.push(() => Promise.resolve(unschedule()));
    }

    return {
      apiUrl,
      dbUrl,
      adminDbUrl,
      mailUrl: mail.url,
      googleUrl: google.url,
      processMail: runMail,
      voiceUrl,
      voiceWsOrigin,
      voiceApiKey: voiceKey,
      normanPassword,
      anonKey,
      serviceRoleKey,
      jwtSecret,
      applied,
      stop,
      faults,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
