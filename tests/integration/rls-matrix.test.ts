// Who may do what, through the real API (gateway -> PostgREST -> Postgres RLS), for every table x
// actor x operation. One `it` per cell; the last test checks every cell ran.
//
// Cell semantics:
// - Each cell acts on one target row belonging to `owner`, restored to a known state first (via
//   SQL as the superuser), and filters by the row's key, so "0 rows" means RLS hid it.
// - select -> how many rows the actor sees; update/delete -> how many rows the statement
//   returned (`.select()`), double-checked in the database; insert -> a new row *belonging to the
//   owner* (for anyone else that is an attempt to write into the owner's data), checked in the
//   database. '42501' = refused (no privilege, or an RLS WITH CHECK failure).
import { randomBytes, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, newUser, serviceClient, sql } from './fixtures';

type Op = 'select' | 'insert' | 'update' | 'delete';
type Actor =
  | 'anon'
  | 'owner'
  | 'other user'
  | 'signed-in user'
  | 'token holder'
  | 'token holder (signed in)'
  | 'wrong token'
  | 'expired token'
  | 'service role';
/** rows seen/affected, 'inserted', or the refusal code */
type Outcome = number | 'inserted' | '42501';
type Row = Record<string, unknown>;

interface TableCase {
  table: string;
  key: 'id' | 'user_id';
  /** put the target row(s) back to their known state */
  reset: () => Promise<void>;
  /** key value of the row this actor's cells act on */
  target: (actor: Actor) => string;
  /** a new row for the insert cell (belongs to the owner); may prepare the database first */
  newRow: () => Promise<Row>;
  /** a change the update cell makes; differs from the reset state */
  patch: [column: string, value: string | boolean];
  expected: Partial<Record<Actor, Record<Op, Outcome>>>;
}

const D = '42501' as const;
const OK = 'inserted' as const;
const OPS: Op[] = ['select', 'insert', 'update', 'delete'];

const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Like the app's tokens: random alphanumeric, 32 characters (> 128 bits). */
const randomToken = () => [...randomBytes(32)].map((b) => alnum[b % alnum.length]).join('');

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

// Fixed per run: the target rows.
const ids = {
  savedProperty: randomUUID(),
  gmailAccount: randomUUID(),
  emailLog: randomUUID(),
  demoRequest: randomUUID(),
  draftSubscription: randomUUID(),
  signedSubscription: randomUUID(),
  assessment: randomUUID(),
  expiredAssessment: randomUUID(),
};
const tokens = { main: randomToken(), expired: randomToken(), wrong: randomToken() };

interface User {
  id: string;
  client: SupabaseClient;
}
let owner: User;
let other: User;
let tokenUser: User;
let agreementId = '';
const clients = new Map<Actor, SupabaseClient>();
/** rows an insert cell made (or needed), removed when the cell ends */
const cleanup: { table: string; key: string; value: string }[] = [];

/** The owner holds a signed subscription with payment received and shares issued. */
async function ensureShareholder() {
  await sql(
    `insert into public.share_subscriptions
       (id, user_id, subscriber_name, subscriber_address, subscriber_email, effective_date,
        payment_reference, signature_data, signature_timestamp, status)
     values ($1, $2, 'Owner', '1 Test Street', 'owner@example.test', current_date,
             'CHLOE-1', $3, now(), 'signed')
     on conflict (id) do nothing`,
    [ids.signedSubscription, owner.id, PNG],
  );
  const rows = await sql<{ id: string }>(
    `insert into public.share_agreement_status
       (subscription_id, user_id, agreement_generated, agreement_signed, cancellation_deadline,
        payment_received, shares_issued)
     values ($1, $2, true, true, current_date + 10, true, true)
     on conflict (subscription_id) do update
       set payment_received = true, shares_issued = true, share_certificate_issued = false,
           eis_documentation_sent = false, _deleted = false
     returning id`,
    [ids.signedSubscription, owner.id],
  );
  agreementId = rows[0]?.id ?? '';
}

async function ensureGmailAccount() {
  await sql(
    `insert into public.gmail_accounts (id, user_id, email_address) values ($1, $2, 'owner@gmail.test')
     on conflict (id) do update set account_status = 'active'`,
    [ids.gmailAccount, owner.id],
  );
}

const perUser = (over: { owner: Record<Op, Outcome> }) => ({
  anon: { select: D, insert: D, update: D, delete: D },
  ...over,
});

const cases: TableCase[] = [
  {
    table: 'saved_properties',
    key: 'id',
    reset: async () => {
      await sql(
        `insert into public.saved_properties (id, user_id, title, key_features) values ($1, $2, 'Target', '{Garden}')
         on conflict (id) do update set title = excluded.title, _deleted = false`,
        [ids.savedProperty, owner.id],
      );
    },
    target: () => ids.savedProperty,
    newRow: async () => ({ id: randomUUID(), user_id: owner.id, title: 'Inserted', key_features: ['Garage'] }),
    patch: ['title', 'Patched'],
    expected: {
      ...perUser({ owner: { select: 1, insert: OK, update: 1, delete: D } }),
      'other user': { select: 0, insert: D, update: 0, delete: D },
      'service role': { select: 1, insert: OK, update: 1, delete: 1 },
    },
  },
  {
    table: 'gmail_accounts',
    key: 'id',
    reset: ensureGmailAccount,
    target: () => ids.gmailAccount,
    newRow: async () => ({
      id: randomUUID(),
      user_id: owner.id,
      email_address: `new-${randomUUID().slice(0, 8)}@gmail.test`,
    }),
    patch: ['account_status', 'error'],
    expected: {
      ...perUser({ owner: { select: 1, insert: D, update: D, delete: 1 } }),
      'other user': { select: 0, insert: D, update: D, delete: 0 },
      'service role': { select: 1, insert: OK, update: 1, delete: 1 },
    },
  },
  {
    table: 'email_logs',
    key: 'id',
    reset: async () => {
      await ensureGmailAccount();
      await sql(
        `insert into public.email_logs (id, user_id, gmail_account_id, sender_email, subject)
         values ($1, $2, $3, 'buyer@example.test', 'Target')
         on conflict (id) do update set subject = excluded.subject`,
        [ids.emailLog, owner.id, ids.gmailAccount],
      );
    },
    target: () => ids.emailLog,
    newRow: async () => ({
      id: randomUUID(),
      user_id: owner.id,
      gmail_account_id: ids.gmailAccount,
      sender_email: 'seller@example.test',
    }),
    patch: ['subject', 'Patched'],
    expected: {
      ...perUser({ owner: { select: 1, insert: D, update: D, delete: D } }),
      'other user': { select: 0, insert: D, update: D, delete: D },
      'service role': { select: 1, insert: OK, update: 1, delete: 1 },
    },
  },
  {
    table: 'auto_reply_settings',
    key: 'user_id',
    reset: async () => {
      await sql(
        `insert into public.auto_reply_settings (user_id, reply_template) values ($1, 'Target')
         on conflict (user_id) do update set reply_template = excluded.reply_template`,
        [owner.id],
      );
    },
    target: () => owner.id,
    // One row per user: the owner's row has to go before anyone tries to create it.
    newRow: async () => {
      await sql('delete from public.auto_reply_settings where user_id = $1', [owner.id]);
      return { user_id: owner.id, reply_template: 'Inserted' };
    },
    patch: ['reply_template', 'Patched'],
    expected: {
      ...perUser({ owner: { select: 1, insert: OK, update: 1, delete: D } }),
      'other user': { select: 0, insert: D, update: 0, delete: D },
      'service role': { select: 1, insert: OK, update: 1, delete: 1 },
    },
  },
  {
    table: 'demo_requests',
    key: 'id',
    reset: async () => {
      await sql(
        `insert into public.demo_requests (id, professional_type, name, company, email, phone)
         values ($1, 'agent', 'Target Agent', 'Target Estates', 'target@example.test', '020 7946 0000')
         on conflict (id) do update set description = ''`,
        [ids.demoRequest],
      );
    },
    target: () => ids.demoRequest,
    newRow: async () => ({
      id: randomUUID(),
      professional_type: 'lawyer',
      name: 'Lee Lawyer',
      company: 'Lawyers LLP',
      email: 'lee@example.test',
      phone: '020 7946 0001',
    }),
    patch: ['description', 'Patched'],
    // Not per-user: anyone may submit, nobody but staff may read or change.
    expected: {
      anon: { select: D, insert: OK, update: D, delete: D },
      'signed-in user': { select: D, insert: OK, update: D, delete: D },
      'service role': { select: 1, insert: OK, update: 1, delete: 1 },
    },
  },
  {
    table: 'share_subscriptions',
    key: 'id',
    reset: async () => {
      await sql(
        `insert into public.share_subscriptions (id, user_id, subscriber_name) values ($1, $2, 'Target')
         on conflict (id) do update set subscriber_name = excluded.subscriber_name, _deleted = false`,
        [ids.draftSubscription, owner.id],
      );
    },
    target: () => ids.draftSubscription,
    newRow: async () => ({ id: randomUUID(), user_id: owner.id, subscriber_name: 'Inserted' }),
    patch: ['subscriber_name', 'Patched'],
    expected: {
      ...perUser({ owner: { select: 1, insert: OK, update: 1, delete: D } }),
      'other user': { select: 0, insert: D, update: 0, delete: D },
      'service role': { select: 1, insert: OK, update: 1, delete: 1 },
    },
  },
  {
    table: 'share_agreement_status',
    key: 'id',
    reset: ensureShareholder,
    target: () => agreementId,
    // A draft has no agreement row yet, so inserting one for it breaks no uniqueness.
    newRow: async () => {
      const subscriptionId = randomUUID();
      await sql(`insert into public.share_subscriptions (id, user_id) values ($1, $2)`, [subscriptionId, owner.id]);
      cleanup.push({ table: 'share_subscriptions', key: 'id', value: subscriptionId });
      return { id: randomUUID(), subscription_id: subscriptionId, user_id: owner.id };
    },
    patch: ['share_certificate_issued', true],
    expected: {
      ...perUser({ owner: { select: 1, insert: D, update: D, delete: D } }),
      'other user': { select: 0, insert: D, update: D, delete: D },
      'service role': { select: 1, insert: OK, update: 1, delete: 1 },
    },
  },
  {
    table: 'agent_assessments',
    key: 'id',
    reset: async () => {
      await ensureShareholder(); // the owner creates links: a paid shareholder
      await sql(
        `insert into public.agent_assessments (id, token, created_by, expires_at, agency_name)
         values ($1, $2, $3, now() + interval '30 days', 'Target'),
                ($4, $5, $3, now() - interval '1 minute', 'Target')
         on conflict (id) do update
           set agency_name = excluded.agency_name, expires_at = excluded.expires_at,
               status = 'pending', completed_at = null`,
        [ids.assessment, tokens.main, owner.id, ids.expiredAssessment, tokens.expired],
      );
    },
    target: (actor) => (actor === 'expired token' ? ids.expiredAssessment : ids.assessment),
    newRow: async () => ({
      id: randomUUID(),
      token: randomToken(),
      created_by: owner.id,
      agency_name: 'Inserted Estates',
      main_contact_email: 'agent@example.test',
    }),
    patch: ['agency_name', 'Patched'],
    // Here "owner" is the shareholder who created the link (no token header).
    expected: {
      anon: { select: 0, insert: D, update: 0, delete: D },
      'token holder': { select: 1, insert: D, update: 1, delete: D },
      'token holder (signed in)': { select: 1, insert: D, update: 1, delete: D },
      'wrong token': { select: 0, insert: D, update: 0, delete: D },
      'expired token': { select: 0, insert: D, update: 0, delete: D },
      owner: { select: 1, insert: OK, update: 0, delete: D },
      'other user': { select: 0, insert: D, update: 0, delete: D },
      'service role': { select: 1, insert: OK, update: 1, delete: 1 },
    },
  },
];

const describeOutcome = (o: Outcome) => (typeof o === 'number' ? `${o} row${o === 1 ? '' : 's'}` : o);

async function countRows(table: string, key: string, value: string) {
  const rows = await sql<{ n: number }>(`select count(*)::int as n from public.${table} where ${key} = $1`, [value]);
  return rows[0]?.n ?? 0;
}

async function runCell(c: TableCase, actor: Actor, op: Op, expected: Outcome) {
  const client = clients.get(actor);
  if (!client) throw new Error(`no client for ${actor}`);
  await c.reset();
  const target = c.target(actor);
  const from = () => client.from(c.table);

  if (op === 'insert') {
    const row = await c.newRow();
    const value = String(row[c.key]);
    cleanup.unshift({ table: c.table, key: c.key, value });
    try {
      // No .select(): Prefer return=minimal, so only the INSERT right is exercised.
      const { error } = await from().insert(row);
      const landed = await countRows(c.table, c.key, value);
      if (expected === OK) {
        expect(error).toBeNull();
        expect(landed).toBe(1);
      } else {
        expect(error?.code).toBe(expected);
        expect(landed).toBe(0);
      }
    } finally {
      for (const r of cleanup.splice(0)) await sql(`delete from public.${r.table} where ${r.key} = $1`, [r.value]);
    }
    return;
  }

  const { data, error } =
    op === 'select'
      ? await from().select('*').eq(c.key, target)
      : op === 'update'
        ? await from()
            .update({ [c.patch[0]]: c.patch[1] })
            .eq(c.key, target)
            .select()
        : await from().delete().eq(c.key, target).select();

  if (expected === D) {
    expect(error?.code).toBe(D);
  } else {
    expect(error).toBeNull();
    expect(data).toHaveLength(expected as number);
  }

  // What really happened in the database, whatever the API said.
  if (op === 'update') {
    const rows = await sql<Row>(`select ${c.patch[0]} as v from public.${c.table} where ${c.key} = $1`, [target]);
    const changed = String(rows[0]?.v) === String(c.patch[1]);
    expect(changed).toBe(expected === 1);
  }
  if (op === 'delete') {
    expect(await countRows(c.table, c.key, target)).toBe(expected === 1 ? 0 : 1);
  }
}

const cells = cases.flatMap((c) =>
  Object.entries(c.expected).flatMap(([actor, byOp]) =>
    OPS.map((op) => ({ c, actor: actor as Actor, op, expected: byOp[op] })),
  ),
);
const passed: string[] = [];

beforeAll(async () => {
  const [o, x, t] = await Promise.all([newUser(), newUser(), newUser({ 'x-assessment-token': tokens.main })]);
  owner = { id: o.user.id, client: o.client };
  other = { id: x.user.id, client: x.client };
  tokenUser = { id: t.user.id, client: t.client };
  clients.set('anon', anonClient());
  clients.set('owner', owner.client);
  clients.set('signed-in user', owner.client);
  clients.set('other user', other.client);
  clients.set('token holder', anonClient({ 'x-assessment-token': tokens.main }));
  clients.set('token holder (signed in)', tokenUser.client);
  clients.set('wrong token', anonClient({ 'x-assessment-token': tokens.wrong }));
  clients.set('expired token', anonClient({ 'x-assessment-token': tokens.expired }));
  clients.set('service role', serviceClient());
});

afterAll(async () => {
  if (!owner || !other || !tokenUser) return; // beforeAll failed: nothing was created
  await sql('delete from public.agent_assessments where created_by = any($1) or id = any($2)', [
    [owner.id, other.id, tokenUser.id],
    [ids.assessment, ids.expiredAssessment],
  ]);
  await sql('delete from public.demo_requests where id = $1', [ids.demoRequest]);
  // Everything else is per-user and goes with its user (on delete cascade).
  await sql('delete from auth.users where id = any($1)', [[owner.id, other.id, tokenUser.id]]);
});

describe('RLS matrix', () => {
  for (const { c, actor, op, expected } of cells) {
    const name = `${c.table} · ${actor} · ${op} → ${describeOutcome(expected)}`;
    it(name, async () => {
      await runCell(c, actor, op, expected);
      passed.push(name);
    });
  }

  it(`summary: all ${cells.length} cells ran and held`, () => {
    const perTable = cases.map((c) => `${c.table}: ${cells.filter((cell) => cell.c === c).length}`);
    console.info(`RLS matrix: ${passed.length}/${cells.length} cells held (${perTable.join(', ')})`);
    expect(passed).toHaveLength(cells.length);
  });
});

describe('nobody can list agent assessments', () => {
  const listAs = async (actor: Actor) => {
    await cases.find((c) => c.table === 'agent_assessments')?.reset();
    const { data, error } = await (clients.get(actor) as SupabaseClient).from('agent_assessments').select('id');
    expect(error).toBeNull();
    return (data ?? []).map((r: { id: string }) => r.id).sort();
  };

  it('without a token, or with a wrong or expired one, a listing is empty', async () => {
    for (const actor of ['anon', 'other user', 'wrong token', 'expired token'] as const) {
      expect(await listAs(actor), actor).toEqual([]);
    }
  });

  it('a token holder lists exactly the one row of the token', async () => {
    expect(await listAs('token holder')).toEqual([ids.assessment]);
  });

  it('the creator lists only the links they created, expired ones included', async () => {
    expect(await listAs('owner')).toEqual([ids.assessment, ids.expiredAssessment].sort());
  });
});
