// @ts-check
// The checks of `npm run deploy:check` (scripts/deploy-check.mjs), each answered by the project
// itself: its API, its functions, its auth service, and public.deployment_report() for what only
// the database knows. Every failure says where to fix it.

/** @typedef {{ ok: boolean, what: string, says: string }} Result */

const FIX_PUSH = 'run `supabase db push` (README: Deploying)';
const JOB = 'gmail-auto-reply';
const VAULT_KEY = 'auto_reply_key';

/**
 * @param {string} url @param {string} key @param {string} pathAndQuery @param {RequestInit} [init]
 * @returns {Promise<{ status: number, body: Record<string, unknown> | null, headers: Headers }>}
 */
async function call(url, key, pathAndQuery, init = {}) {
  const res = await fetch(`${url}${pathAndQuery}`, {
    redirect: 'manual',
    ...init,
    // A header given as '' is left out.
    headers: Object.fromEntries(
      Object.entries({
        apikey: key,
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        .../** @type {Record<string, string>} */ (init.headers ?? {}),
      }).filter(([, v]) => v !== ''),
    ),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  /** @type {unknown} */
  let body;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const object = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : null;
  return { status: res.status, body: /** @type {Record<string, unknown> | null} */ (object), headers: res.headers };
}

/** @param {string[]} list */
const named = (list) =>
  list.length > 4 ? `${list.slice(0, 4).join(', ')} and ${list.length - 4} more` : list.join(', ');

/** @typedef {(ok: boolean, what: string, says: string) => unknown} Add */

/**
 * @param {{ url: string, secretKey: string, publishableKey: string, app: string,
 *   migrations: string[], functions: string[] }} opts
 * @returns {Promise<Result[]>}
 */
export async function checks({ url, secretKey, publishableKey, app, migrations, functions }) {
  /** @type {Result[]} */
  const out = [];
  const add = (/** @type {boolean} */ ok, /** @type {string} */ what, /** @type {string} */ says) =>
    out.push({ ok, what, says });
  if (!(await keyChecks({ url, secretKey, publishableKey, migrations }, add))) return out;
  await functionChecks({ url, secretKey, publishableKey, functions }, add);
  await authChecks({ url, publishableKey, app }, add);
  return out;
}

/**
 * The API and the keys, and through public.deployment_report() the database; false when nothing
 * answers at `url` (then nothing else is asked).
 * @param {{ url: string, secretKey: string, publishableKey: string, migrations: string[] }} opts
 * @param {Add} add
 */
async function keyChecks({ url, secretKey, publishableKey, migrations }, add) {
  try {
    const root = await call(url, publishableKey, '/rest/v1/');
    if (root.status === 401) {
      add(false, 'Publishable key', 'the project refuses it: copy it from Project Settings → API Keys');
    } else add(true, 'Publishable key', 'accepted');
  } catch (error) {
    add(false, 'API', `nothing answers at ${url} (${error instanceof Error ? error.message : String(error)})`);
    return false;
  }

  const report = await call(url, secretKey, '/rest/v1/rpc/deployment_report', { method: 'POST', body: '{}' });
  // A key the project knows but that is not the service role's reaches the function and is refused
  // by it (42501, which PostgREST answers with 401 for anon); an unknown key never gets that far.
  if (report.status === 403 || report.body?.code === '42501') {
    add(false, 'Secret key', 'it is not a secret (service role) key: use an sb_secret_… key');
  } else if (report.status === 401) {
    add(false, 'Secret key', 'the project refuses it: copy a secret key from Project Settings → API Keys');
  } else if (report.status === 404 || report.body?.code === 'PGRST202') {
    add(false, 'Migrations', `public.deployment_report() is missing, so the migrations are not applied: ${FIX_PUSH}`);
  } else if (report.status !== 200 || !report.body) {
    add(false, 'Database', `deployment_report answered ${report.status}: ${JSON.stringify(report.body)}`);
  } else {
    databaseChecks(report.body, migrations, add);
  }
  return true;
}

/**
 * The functions: each answers itself (verify_jwt = false), and knows a secret key as staff.
 * @param {{ url: string, secretKey: string, publishableKey: string, functions: string[] }} opts
 * @param {Add} add
 */
async function functionChecks({ url, secretKey, publishableKey, functions }, add) {
  const platformChecked = [];
  const notDeployed = [];
  const other = [];
  for (const name of functions) {
    // The API key alone, no Authorization: the platform's JWT check refuses that whatever the key's
    // kind, while a function that checks its callers answers it in its own words.
    const res = await call(url, publishableKey, `/functions/v1/${name}`, {
      method: 'POST',
      body: '{}',
      headers: { authorization: '' },
    });
    if (res.status === 404 && typeof res.body?.error !== 'string') notDeployed.push(name);
    else if (res.status === 401 && typeof res.body?.error !== 'string') platformChecked.push(name);
    else if (typeof res.body?.error !== 'string') other.push(`${name} (${res.status})`);
  }
  if (notDeployed.length)
    add(false, 'Functions', `not deployed: ${named(notDeployed)}: run \`supabase functions deploy\``);
  if (platformChecked.length) {
    add(
      false,
      'Functions',
      `the platform's JWT check refused a call to ${named(platformChecked)} before the code ran: deploy with ` +
        "supabase/config.toml's verify_jwt = false (`supabase functions deploy` reads it)",
    );
  }
  if (other.length) add(false, 'Functions', `no answer of their own from ${named(other)}`);
  if (!notDeployed.length && !platformChecked.length && !other.length) {
    add(true, 'Functions', `all ${functions.length} deployed and answering their callers themselves`);
  }
  if (!notDeployed.includes('gmail-auto-reply')) {
    // Staff with no action: the function's "settings are saved by a signed-in user", changing nothing.
    const staff = await call(url, secretKey, '/functions/v1/gmail-auto-reply', { method: 'POST', body: '{}' });
    if (staff.status === 400 && staff.body?.code === 'bad_request') {
      add(true, 'Secret key in functions', 'gmail-auto-reply knows it as the server');
    } else {
      add(
        false,
        'Secret key in functions',
        `gmail-auto-reply did not take it as the server (${staff.status} ${typeof staff.body?.code === 'string' ? staff.body.code : 'no code'}): ` +
          'the functions read SUPABASE_SECRET_KEYS, which a hosted project sets itself',
      );
    }
  }
}

/**
 * Auth: links lead back to the app, and addresses are confirmed.
 * @param {{ url: string, publishableKey: string, app: string }} opts @param {Add} add
 */
async function authChecks({ url, publishableKey, app }, add) {
  const target = `${app}/auth/reset`;
  const verify = await call(
    url,
    publishableKey,
    `/auth/v1/verify?type=recovery&token=deploy-check-not-a-token&redirect_to=${encodeURIComponent(target)}`,
  );
  const location = verify.headers.get('location') ?? '';
  if (location.startsWith(`${app}/`)) {
    add(true, 'Auth redirect URLs', `links may lead to ${app}`);
  } else {
    add(
      false,
      'Auth redirect URLs',
      `a link for ${app} would lead to ${location.split('#')[0] || '(nowhere)'} instead: set the Site URL to ${app} or ` +
        `add ${app}/** under Authentication → URL Configuration → Redirect URLs (or supabase config push)`,
    );
  }
  const settings = await call(url, publishableKey, '/auth/v1/settings');
  if (settings.body?.mailer_autoconfirm === false) add(true, 'Email confirmations', 'on');
  else {
    add(
      false,
      'Email confirmations',
      'off: turn on Confirm email (Authentication → Sign In / Providers → Email); a secure email change needs it',
    );
  }
}

/**
 * @param {Record<string, unknown>} r public.deployment_report()'s answer
 * @param {string[]} migrations this checkout's migration versions
 * @param {Add} add
 */
function databaseChecks(r, migrations, add) {
  const applied = Array.isArray(r.migrations) ? r.migrations.map(String) : null;
  if (!applied) add(false, 'Migrations', `the migration history is missing: ${FIX_PUSH}`);
  else {
    const missing = migrations.filter((v) => !applied.includes(v));
    const unknown = applied.filter((v) => !migrations.includes(v));
    if (missing.length) add(false, 'Migrations', `${missing.length} not applied (${named(missing)}): ${FIX_PUSH}`);
    else add(true, 'Migrations', `all ${migrations.length} applied (latest ${migrations.at(-1)})`);
    if (unknown.length) {
      add(false, 'Migrations', `the project has ${unknown.length} this checkout lacks (${named(unknown)}): pull first`);
    }
  }

  const tables = /** @type {{ name: string, rls: boolean, service_role: boolean }[]} */ (
    Array.isArray(r.tables) ? r.tables : []
  );
  const ungranted = tables.filter((t) => !t.service_role).map((t) => t.name);
  const open = tables.filter((t) => !t.rls).map((t) => t.name);
  if (ungranted.length) {
    add(
      false,
      'Grants',
      `service_role cannot read and write ${named(ungranted)}: ${FIX_PUSH} (migration 20261127000027 grants them)`,
    );
  } else add(true, 'Grants', `service_role reads and writes all ${tables.length} tables`);
  if (open.length)
    add(false, 'Row level security', `off on ${named(open)}: every table needs it (the migrations turn it on)`);
  else add(true, 'Row level security', `on for all ${tables.length} tables`);

  const extensions = Array.isArray(r.extensions) ? r.extensions.map(String) : [];
  const lacking = ['pg_cron', 'pg_net'].filter((e) => !extensions.includes(e));
  if (lacking.length) {
    add(false, 'Auto-reply schedule', `${lacking.join(' and ')} not enabled: Database → Extensions`);
  } else {
    const job = /** @type {{ active?: boolean, command?: string, schedule?: string } | null} */ (r.cron_job ?? null);
    if (!job) add(false, 'Auto-reply schedule', `no cron job named ${JOB}: run the README's cron.schedule(...)`);
    else if (!job.active)
      add(false, 'Auto-reply schedule', `the cron job ${JOB} is paused (cron.alter_job(..., active := true))`);
    else if (!String(job.command).includes(VAULT_KEY)) {
      add(
        false,
        'Auto-reply schedule',
        `the cron job does not read the key from Vault's ${VAULT_KEY}: use the README's`,
      );
    } else if (!String(job.command).includes('timeout_milliseconds')) {
      add(
        false,
        'Auto-reply schedule',
        "the cron job keeps pg_net's 5-second timeout, shorter than a run: set timeout_milliseconds (README)",
      );
    } else if (String(/** @type {{ schedule?: string }} */ (job).schedule) !== '* * * * *') {
      add(false, 'Auto-reply schedule', `${JOB} runs on '${String(job.schedule)}', not every minute: use '* * * * *'`);
    } else add(true, 'Auto-reply schedule', `${JOB} runs every minute`);
  }
  if (r.vault !== true) add(false, 'Auto-reply key', 'Vault is not available on this database');
  else if (r.auto_reply_key !== true) {
    add(
      false,
      'Auto-reply key',
      `no Vault secret named ${VAULT_KEY}: select vault.create_secret('<secret key>', '${VAULT_KEY}');`,
    );
  } else add(true, 'Auto-reply key', `in Vault as ${VAULT_KEY}`);
}
