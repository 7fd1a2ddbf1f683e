import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt, jwtVerify } from 'jose';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../supabase/local/stack/process.mjs';
import { client, expectAllInside, normanAccess, refused, staff, useCli } from './cli-fixture';

// What `npm start` / `npm run dev` do for a newcomer, on free ports and a throw-away data folder:
// the status block, the demo sign-in and assessment link it prints, a clean stop on SIGTERM, and
// a second start that finds the same data.
const { start, cleanUp } = useCli();

describe('npm run dev / npm start', () => {
  it(
    'prints the status block, serves the app, stops cleanly, and a second start reuses the data',
    { timeout: 240_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chloe-cli-'));
      cleanUp(dataDir);
      const [apiPort, dbPort, appPort, mailPort, voicePort, googlePort] = [
        await freePort(),
        await freePort(),
        await freePort(),
        await freePort(),
        await freePort(),
        await freePort(),
      ];
      const env = {
        CHLOE_DATA_DIR: dataDir,
        SUPABASE_API_PORT: String(apiPort),
        SUPABASE_DB_PORT: String(dbPort),
        SUPABASE_MAIL_PORT: String(mailPort),
        VOICE_PORT: String(voicePort),
        GOOGLE_PORT: String(googlePort),
        APP_PORT: String(appPort),
        // Unset, whatever the shell running the tests has: the first start shows the local default.
        NORMAN_PASSWORD: '',
        // The browser extension it builds, in the throw-away folder (not the checkout's dist-extension).
        EXTENSION_OUT_DIR: `${dataDir}-extension`,
      };
      const first = await start('dev', env);
      const s = first.status;
      expect(Object.keys(s)).toEqual(
        expect.arrayContaining([
          'App URL',
          'API URL',
          'DB URL',
          'anon key',
          'service_role key',
          'Demo sign-in',
          'Demo assessment',
        ]),
      );
      expect(s['App URL']).toBe(`http://localhost:${appPort}`);
      expect(s['API URL']).toBe(`http://localhost:${apiPort}`);
      expect(s['DB URL']).toBe(`postgresql://postgres:postgres@127.0.0.1:${dbPort}/postgres`);
      expect(decodeJwt(s['anon key']!).role).toBe('anon');
      expect(decodeJwt(s['service_role key']!).role).toBe('service_role');
      expect(s['Mail']).toMatch(new RegExp(`^http://localhost:${mailPort} \\(the local inbox`));
      expect((await fetch(`http://localhost:${mailPort}/`)).status).toBe(200);
      expect(s['Voice']).toBe(
        `http://127.0.0.1:${voicePort} (local voice service stand-in; the API key stays in the functions' env)`,
      );
      expect(await (await fetch(`http://127.0.0.1:${voicePort}/_health`)).text()).toBe('ok');
      // Norman's password, printed right after the voice service, is the one norman-access accepts.
      expect(s['Norman']).toBe('password "norman-local-demo" (local default; set NORMAN_PASSWORD to change it)');
      const lines = first.output().split('\n');
      expect(lines.findIndex((l) => l.startsWith('Norman: '))).toBe(
        lines.findIndex((l) => l.startsWith('Voice: ')) + 1,
      );
      expect(await normanAccess(s['API URL']!, s['anon key']!, 'norman-local-demo')).toBe(200);
      // The local Google, and how to drop mail into the demo inbox, right after Norman.
      expect(s['Google']).toBe(
        `http://127.0.0.1:${googlePort} (local Google: the Gmail consent and its mailboxes; the auto-reply runs every minute)`,
      );
      expect(lines.findIndex((l) => l.startsWith('Google: '))).toBe(
        lines.findIndex((l) => l.startsWith('Norman: ')) + 1,
      );
      expect(s['Mail in']).toBe(
        'npm run staff -- mail-in --to demo.chloe@gmail.test --from you@example.com --subject Hello',
      );
      expect((await fetch(`http://127.0.0.1:${googlePort}/`)).status).toBe(200);
      // The browser extension, built for this app and this API, ready to load unpacked.
      expect(s['Extension']).toBe(
        `${dataDir}-extension (load it unpacked: chrome://extensions, Developer mode, Load unpacked; id pkcafcjbhmeidkhjonfnpdjpghmhacch)`,
      );
      const manifest = JSON.parse(await readFile(`${dataDir}-extension/manifest.json`, 'utf8')) as {
        host_permissions: string[];
        externally_connectable: { matches: string[] };
      };
      expect(manifest.host_permissions).toEqual([`http://localhost:${apiPort}/*`]);
      expect(manifest.externally_connectable.matches).toEqual([`http://localhost:${appPort}/*`]);
      expect(s['JWT secret']).toMatch(/^the well-known local one .*set JWT_SECRET to use your own$/);
      const app = await fetch(s['App URL']!);
      expect(app.status).toBe(200);
      expect(await app.text()).toContain('<div id="root">');
      // The app is given the voice service's public addresses, never its key.
      const envModule = await (await fetch(`${s['App URL']}/src/lib/env.ts`)).text();
      expect(envModule).toContain(`"VITE_VOICE_ORIGIN": "ws://127.0.0.1:${voicePort}"`);
      expect(envModule).toContain(`"VITE_VOICE_WIDGET_URL": "http://127.0.0.1:${voicePort}/convai-widget-embed.js"`);
      expect(envModule).not.toMatch(/sk_local_|ELEVENLABS/);

      // The printed demo sign-in works, and the demo user has the data the README promises.
      const [email, password] = s['Demo sign-in']!.split(' / ');
      const demo = client(s['API URL']!, s['anon key']!);
      const { data: signIn, error } = await demo.auth.signInWithPassword({ email: email!, password: password! });
      expect(error).toBeNull();
      const { data: properties } = await demo.from('saved_properties').select('title');
      expect(properties).toHaveLength(2);
      const marker = crypto.randomUUID();
      await demo
        .from('saved_properties')
        .insert({ id: marker, user_id: signIn.user!.id, title: 'Still here after a restart' })
        .throwOnError();
      // The demo mailbox: five handled emails, three of the last 24 hours (the voice context's).
      const { data: emails } = await demo.from('email_logs').select('received_at');
      const recent = (rows: { received_at: string }[] | null) =>
        (rows ?? []).filter((r) => Date.now() - Date.parse(r.received_at) < 24 * 3600_000).length;
      expect(emails).toHaveLength(5);
      expect(recent(emails)).toBe(3);
      // Days pass before the next start.
      const aging = new pg.Client({ connectionString: s['DB URL'] });
      await aging.connect();
      await aging.query(`update public.email_logs set received_at = received_at - interval '3 days'`);
      await aging.end();

      // The printed assessment link opens exactly its assessment, without an account.
      const link = new URL(s['Demo assessment']!);
      expect(link.origin).toBe(s['App URL']);
      const token = link.pathname.replace('/agent-assessment/', '');
      const { data: assessments } = await client(s['API URL']!, s['anon key']!, { 'x-assessment-token': token })
        .from('agent_assessments')
        .select('agency_name');
      expect(assessments).toEqual([{ agency_name: 'Demo Estates' }]);

      const stopped = await first.stop();
      expect(stopped.code).toBe(0);
      expect(stopped.output).toContain('Stopped.');
      for (const port of [apiPort, dbPort, appPort, mailPort, voicePort, googlePort]) {
        expect(await refused(port)).toBe(true);
      }

      // Second start: same folder, nothing migrated twice, the row written before is still there;
      // this time with a secret of its own, which signs the keys and is the one the API checks.
      const secret = `own-secret-${crypto.randomUUID()}`;
      const normanPassword = `own-norman-${crypto.randomUUID()}`;
      const second = await start('stack', { ...env, JWT_SECRET: secret, NORMAN_PASSWORD: normanPassword });
      try {
        expect(second.status['JWT secret']).toBe('from JWT_SECRET');
        const anon = second.status['anon key']!;
        // A password of one's own is used and not printed; the local default no longer opens Norman.
        expect(second.status['Norman']).toBe('password from NORMAN_PASSWORD');
        expect(second.output()).not.toContain(normanPassword);
        expect(await normanAccess(second.status['API URL']!, anon, normanPassword)).toBe(200);
        expect(await normanAccess(second.status['API URL']!, anon, 'norman-local-demo')).toBe(401);
        expect((await jwtVerify(anon, new TextEncoder().encode(secret))).payload.role).toBe('anon');
        const read = await client(second.status['API URL']!, anon).from('demo_requests').insert({
          professional_type: 'agent',
          name: 'Key Check',
          company: 'Key Check Ltd',
          email: 'key@check.test',
          phone: '020 7946 0000',
        });
        expect(read.error).toBeNull();
        const old = await client(second.status['API URL']!, s['anon key']!).from('demo_requests').insert({});
        expect(old.error?.message).toBe('Invalid API key');
        const db = new pg.Client({ connectionString: second.status['DB URL'] });
        await db.connect();
        try {
          const { rows } = await db.query('select title from public.saved_properties where id = $1', [marker]);
          expect(rows).toEqual([{ title: 'Still here after a restart' }]);
          // The demo's emails were moved back to their ages: still five, three of the last day.
          const { rows: mail } = await db.query<{ received_at: Date }>('select received_at from public.email_logs');
          expect(mail).toHaveLength(5);
          expect(mail.filter((r) => Date.now() - r.received_at.getTime() < 24 * 3600_000)).toHaveLength(3);
          const { rows: migrations } = await db.query<{ version: string; n: number }>(
            'select version, count(*)::int as n from supabase_migrations.schema_migrations group by version',
          );
          expect(migrations.length).toBeGreaterThan(0);
          expect(migrations.every((m) => m.n === 1)).toBe(true);
        } finally {
          await db.end();
        }

        // What the README promises a newcomer: mail dropped into the demo inbox gets a reply from
        // the demo mailbox (its grant, seeded, survives the restart in <data folder>/google.json).
        const stackEnv = { ...env, JWT_SECRET: secret };
        const mailed = await staff(
          [
            'mail-in',
            '--to',
            'demo.chloe@gmail.test',
            '--from',
            'New Buyer <buyer@example.com>',
            '--subject',
            'Is the flat still available?',
          ],
          stackEnv,
        );
        expect(mailed.output).toMatch(/^Delivered to demo\.chloe@gmail\.test \(message [0-9a-f]+, thread [0-9a-f]+\)/);
        expect(mailed.code).toBe(0);
        const processed = await staff(['process-mail', 'demo.chloe@gmail.test'], stackEnv);
        expect(processed.output).toMatch(/^demo\.chloe@gmail\.test: \d+ replied, \d+ skipped, 0 failed$/m);
        expect(processed.code).toBe(0);
        const box = (await (
          await fetch(`http://127.0.0.1:${googlePort}/_local/mailboxes/demo.chloe@gmail.test`)
        ).json()) as {
          messages: { labelIds: string[]; subject: string; headers: { name: string; value: string }[]; body: string }[];
        };
        const reply = box.messages.find((m) => m.labelIds.includes('SENT'));
        expect(reply?.subject).toBe('Re: Is the flat still available?');
        expect(reply?.body).toContain('Hi New,');
        expect(reply?.body).toContain('https://example.com/book-a-demo-with-chloe');
        const demoDb = new pg.Client({ connectionString: second.status['DB URL'] });
        await demoDb.connect();
        try {
          const { rows: handled } = await demoDb.query(
            `select reply_status from public.email_logs where subject = 'Is the flat still available?'`,
          );
          expect(handled).toEqual([{ reply_status: 'replied' }]);
        } finally {
          await demoDb.end();
        }
      } finally {
        expect((await second.stop()).code).toBe(0);
      }
      expectAllInside(dataDir);
    },
  );
});

/** Every process below `pid`, from /proc (each thread lists the children it started). */
async function descendants(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const children: number[] = [];
  for (const task of tasks) {
    const listed = await readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '');
    children.push(...listed.split(' ').filter(Boolean).map(Number));
  }
  const below = await Promise.all(children.map(descendants));
  return [...children, ...below.flat()];
}

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm run stack, killed outright', () => {
  it(
    'leaves no child holding its ports but Postgres, which the next start stops before starting its own',
    { timeout: 180_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chloe-cli-killed-'));
      cleanUp(dataDir);
      const env = {
        CHLOE_DATA_DIR: dataDir,
        SUPABASE_API_PORT: String(await freePort()),
        SUPABASE_DB_PORT: String(await freePort()),
        SUPABASE_MAIL_PORT: String(await freePort()),
        VOICE_PORT: String(await freePort()),
        GOOGLE_PORT: String(await freePort()),
        NORMAN_PASSWORD: '',
      };
      const first = await start('stack', env);
      const children = await descendants(first.pid);
      const postgres = await Promise.all(
        children.map(async (pid) => (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0')[0]),
      );
      const postmaster = children.find((_, i) => /\/postgres$/.test(postgres[i] ?? ''));
      expect(postmaster).toBeDefined();
      // Postgres' own processes end with its postmaster, which is not ours to kill from here.
      const postgresTree = new Set([postmaster!, ...(await descendants(postmaster!))]);
      const others = children.filter((pid) => !postgresTree.has(pid));
      // PostgREST and the functions' Deno at least.
      expect(others.length).toBeGreaterThanOrEqual(2);

      // As the kernel's OOM killer would: no JavaScript runs.
      process.kill(first.pid, 'SIGKILL');
      await vi.waitFor(() => expect(others.filter(running)).toEqual([]), { timeout: 10_000 });
      expect(running(postmaster!)).toBe(true);

      const second = await start('stack', env);
      try {
        expect(running(postmaster!)).toBe(false);
        const anon = second.status['anon key']!;
        const { error } = await client(second.status['API URL']!, anon).rpc('sync_horizon');
        expect(error).toBeNull();
      } finally {
        expect((await second.stop()).code).toBe(0);
      }
    },
  );
});
