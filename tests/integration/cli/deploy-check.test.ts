// `npm run deploy:check` against a project that is the local stack (with confirmations on, as a
// hosted project has them): what it finds ready, what it finds missing and where it says to fix it.
// The hosted-only parts (pg_cron's job table, pg_net's request function, Vault's secrets) are
// stood in for by tables and a function of the same names, which is all the check reads.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownStack } from '../../stack-fixture';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../../../scripts/deploy-check.mjs');
const own = ownStack({ confirmSignups: true }, { beforeAll, afterAll });

async function check(app: string, keys: { secret?: string } = {}) {
  const info = own.stack!.info;
  const env: NodeJS.ProcessEnv = { ...process.env, SUPABASE_URL: info.apiUrl, APP_ORIGIN: app };
  delete env.SUPABASE_SERVICE_ROLE_KEY;
  Object.assign(env, {
    SUPABASE_SECRET_KEY: keys.secret ?? info.serviceRoleKey,
    SUPABASE_PUBLISHABLE_KEY: info.anonKey,
  });
  try {
    const { stdout } = await run(process.execPath, [script], { env });
    return { code: 0, lines: stdout.trim().split('\n') };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, lines: `${e.stdout}${e.stderr}`.trim().split('\n') };
  }
}

async function db(text: string) {
  const client = new pg.Client({ connectionString: own.stack!.info.adminDbUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

describe('npm run deploy:check', () => {
  it('names what a new project still lacks, and where to fix it', async () => {
    const { code, lines } = await check('https://app.chloe.example');
    expect(code).toBe(1);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^✓ Migrations: all \d+ applied \(latest \d+\)$/),
        expect.stringMatching(/^✓ Grants: service_role reads and writes all \d+ tables$/),
        expect.stringMatching(/^✓ Row level security: on for all \d+ tables$/),
        '✓ Functions: all 5 deployed and answering their callers themselves',
        '✓ Secret key in functions: gmail-auto-reply knows it as the server',
        '✓ Email confirmations: on',
        '✗ Auto-reply schedule: pg_cron and pg_net not enabled: Database → Extensions',
        '✗ Auto-reply key: Vault is not available on this database',
        expect.stringMatching(
          /^✗ Auth redirect URLs: a link for https:\/\/app\.chloe\.example would lead to http:\/\/localhost:4173\/? instead: .*add https:\/\/app\.chloe\.example\/\*\* under Authentication → URL Configuration → Redirect URLs/,
        ),
        'Not ready: 3 thing(s) to fix.',
      ]),
    );
  });

  it('says Ready once every part is there, and spots a migration not applied and a wrong key', async () => {
    await db(`
      create schema cron;
      create table cron.job (jobname text, schedule text, command text, active boolean);
      create schema net;
      create function net.http_post(url text) returns bigint language sql as 'select 1::bigint';
      create schema vault;
      create table vault.secrets (name text, secret text);
      insert into vault.secrets values ('auto_reply_key', 'sb_secret_x');
      insert into cron.job values ('gmail-auto-reply', '* * * * *',
        'select net.http_post(url := ..., headers := ... vault.decrypted_secrets where name = ''auto_reply_key'' ...)', true);`);
    const slow = await check('http://localhost:4173');
    expect(slow.lines).toContain(
      "✗ Auto-reply schedule: the cron job keeps pg_net's 5-second timeout, shorter than a run: set timeout_milliseconds (README)",
    );
    await db(`update cron.job set command = command || ', timeout_milliseconds := 55000'`);
    const ready = await check('http://localhost:4173');
    expect(ready.lines).toContain('✓ Auth redirect URLs: links may lead to http://localhost:4173');
    expect(ready.lines).toContain('✓ Auto-reply schedule: gmail-auto-reply runs every minute');
    expect(ready.lines).toContain('✓ Auto-reply key: in Vault as auto_reply_key');
    expect(ready.lines.at(-1)).toBe('Ready.');
    expect(ready.code).toBe(0);

    const [latest] = await db('select * from supabase_migrations.schema_migrations order by version desc limit 1');
    await db(`delete from supabase_migrations.schema_migrations where version = '${String(latest!.version)}'`);
    try {
      const behind = await check('http://localhost:4173');
      expect(behind.code).toBe(1);
      expect(behind.lines).toContain(
        `✗ Migrations: 1 not applied (${String(latest!.version)}): run \`supabase db push\` (README: Deploying)`,
      );
    } finally {
      const client = new pg.Client({ connectionString: own.stack!.info.adminDbUrl });
      await client.connect();
      await client.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [latest!.version, latest!.name, latest!.statements],
      );
      await client.end();
    }

    const wrong = await check('http://localhost:4173', { secret: 'sb_secret_not_this_project' });
    expect(wrong.lines).toContain(
      '✗ Secret key: the project refuses it: copy a secret key from Project Settings → API Keys',
    );
    const publishable = await check('http://localhost:4173', { secret: own.stack!.info.anonKey });
    expect(publishable.lines).toContain('✗ Secret key: it is not a secret (service role) key: use an sb_secret_… key');

    // One privilege missing is a missing grant (a list of privileges is true when any one is held).
    await db('revoke delete on table public.email_logs from service_role');
    try {
      const partial = await check('http://localhost:4173');
      expect(partial.lines).toContain(
        '✗ Grants: service_role cannot read and write email_logs: run `supabase db push` (README: Deploying) (migration 20261127000027 grants them)',
      );
    } finally {
      await db('grant delete on table public.email_logs to service_role');
    }
  });
});
