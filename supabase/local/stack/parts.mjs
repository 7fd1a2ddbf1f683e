// @ts-check
// The parts startStack (index.mjs) starts, one function each: what a part is given, what it leaves
// on `stops` (stopped in reverse), and what the parts after it need of it. The order they are
// started in, and what is handed from one to the next, stays in index.mjs.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { createAuthService } from '../services/auth/index.mjs';
import { GOOGLE_CLIENT_ID } from '../services/google/accounts.mjs';
import { startGoogleService } from '../services/google/index.mjs';
import { startMailServer } from '../services/mail/index.mjs';
import { createMailbox } from '../services/mail/mailbox.mjs';
import { voiceApiKey } from '../services/voice/agents.mjs';
import { startVoiceService } from '../services/voice/index.mjs';
import { DEFAULT_MAIL_PORT } from '../shared/settings.mjs';
import { scheduleAutoReply, runAutoReply } from './auto-reply.mjs';
import { functionsEnv, hasFunctions, readDotEnv, startFunctions } from './functions.mjs';
import { startGateway } from './gateway.mjs';
import { prepareDatabase } from './migrate.mjs';
import { freePort } from './process.mjs';
import { OWNER, postgresUrl, startPostgres, superuserOf } from './postgres.mjs';
import { startPostgrest } from './postgrest.mjs';
import { readProjectConfig } from './project-config.mjs';

const AUTHENTICATOR_PASSWORD = 'authenticator-local-password';

/** Where the app's Gmail consent comes back to: the callback page of each app origin. */
export const GMAIL_CALLBACK_PATH = '/gmail-oauth-callback.html';

/**
 * What each part is started with: the logs, the list of stops (stopped in reverse order) and
 * `keepRunning`, which supervises a process and puts its stop on the list.
 * @typedef {{
 *   log: (line: string) => void, notice: (line: string) => void, stops: (() => Promise<unknown>)[],
 *   keepRunning: (name: string, launch: () => Promise<import('./supervise.mjs').Service>) =>
 *     Promise<Awaited<ReturnType<typeof import('./supervise.mjs').supervise>>>,
 * }} Run
 */

/**
 * Postgres, its migrations, the auth service's pool and PostgREST. `postgres`'s URL is the
 * project's (printed, SUPABASE_DB_URL); the platform's own services (auth, realtime) and the
 * bootstrap use the superuser's, as their hosted roles may do more.
 * @param {Run} run
 * @param {{ dataDir: string, dbPort: number, jwtSecret: string, migrationsDir?: string, seedFile?: string | null }} opts
 */
export async function startDatabase({ log, notice, stops, keepRunning }, opts) {
  const { dataDir, dbPort, jwtSecret } = opts;
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
      migrationsDir: opts.migrationsDir,
      seedFile: opts.seedFile,
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
  return { dbUrl, adminDbUrl, postgres, applied, pool, postgrest, postgrestPort };
}

/**
 * The voice service (ElevenLabs' stand-in): its key goes to the functions' env and nowhere else.
 * `stop` and `start` are the faults' (same port and key; the conversations it kept are forgotten).
 * @param {Run} run @param {{ port: number }} opts
 */
export async function startVoice({ log, stops }, { port }) {
  const apiKey = voiceApiKey(process.env);
  const launch = () => startVoiceService({ port, apiKey, log });
  /** @type {Awaited<ReturnType<typeof startVoiceService>> | undefined} */
  let voice = await launch();
  const stop = async () => {
    await voice?.stop();
    voice = undefined;
  };
  stops.push(stop);
  const start = async () => {
    voice ??= await launch();
  };
  return { url: voice.url, wsOrigin: voice.wsOrigin, apiKey, stop, start };
}

/**
 * The local Google: its client's secret goes to the functions' env and nowhere else.
 * @param {Run} run
 * @param {{ port: number, stateFile: string | null, accessTokenTtl?: number, appOrigins: string[] }} opts
 */
export async function startGoogle({ log, stops }, { port, stateFile, accessTokenTtl, appOrigins }) {
  const clientSecret = `GOCSPX-local-${randomBytes(18).toString('hex')}`;
  const google = await startGoogleService({
    port,
    stateFile,
    accessTokenTtl,
    clients: [
      {
        clientId: GOOGLE_CLIENT_ID,
        clientSecret,
        redirectUris: appOrigins.map((origin) => `${origin}${GMAIL_CALLBACK_PATH}`),
      },
    ],
    log,
  });
  stops.push(google.stop);
  return { url: google.url, clientSecret };
}

/**
 * The edge functions under Deno, when `functionsDir` holds any (else port null, no process).
 * @param {Run} run
 * @param {{ functionsDir: string, env: Omit<Parameters<typeof functionsEnv>[0], 'secrets'> }} opts
 */
export async function startFunctionsIfAny({ log, keepRunning }, { functionsDir, env: wiring }) {
  if (!hasFunctions(functionsDir)) return { port: null, supervisor: undefined };
  const port = await freePort();
  const env = functionsEnv({ secrets: readDotEnv(path.join(functionsDir, '.env')), ...wiring });
  const supervisor = await keepRunning('Deno (functions)', () => startFunctions({ functionsDir, port, log, env }));
  return { port, supervisor };
}

/**
 * The local inbox, the auth service (mailing to it) and the gateway in front of everything.
 * @param {Run} run
 * @param {{
 *   options: { mailPort?: number, appOrigins?: string[], confirmSignups?: boolean, accessTokenTtl?: number,
 *     refreshTokenReuseInterval?: number, rateLimits?: Record<string, number> | null },
 *   gateway: Omit<Parameters<typeof startGateway>[0], 'auth' | 'noVerifyJwt' | 'log'>,
 *   pool: pg.Pool, apiUrl: string,
 * }} opts
 */
export async function startApi({ log, stops }, { options, gateway: wiring, pool, apiUrl }) {
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
    jwtSecret: wiring.jwtSecret,
    issuer: `${apiUrl}/auth/v1`,
    accessTokenTtl: options.accessTokenTtl,
    refreshTokenReuseInterval: options.refreshTokenReuseInterval ?? fromConfig.refreshTokenReuseInterval,
    rateLimits: options.rateLimits === undefined ? fromConfig.rateLimits : options.rateLimits,
  });
  const gateway = await startGateway({ ...wiring, noVerifyJwt: functionsWithoutJwt, auth, log });
  stops.push(gateway.stop);
  return { mailUrl: mail.url };
}

/**
 * The auto-reply, run as a hosted project's pg_cron would run it: every `intervalMs` when given
 * and there are functions to run it. Returns the run-it-once of `processMail()`.
 * @param {Run} run
 * @param {{ apiUrl: string, serviceRoleKey: string, intervalMs?: number | null, functionsPort: number | null }} opts
 */
export function startAutoReply({ log, notice, stops }, { apiUrl, serviceRoleKey, intervalMs, functionsPort }) {
  const runMail = () => runAutoReply({ apiUrl, serviceRoleKey });
  if (intervalMs && functionsPort !== null) {
    const unschedule = scheduleAutoReply({ apiUrl, serviceRoleKey, intervalMs, log, notice });
    stops.push(() => Promise.resolve(unschedule()));
  }
  return runMail;
}
