// The RLS matrix (rls-matrix.test.ts): for every table, the target row, the new row an insert
// cell makes, and the outcome each actor gets for each operation.
import { randomUUID } from 'node:crypto';
import { nextSubscriptionId, PNG, randomToken, sql } from '../fixtures';
import { type Actor, ids, owner, tokens } from './rls-actors';

export type Op = 'select' | 'insert' | 'update' | 'delete';
/** rows seen/affected, 'inserted', or the refusal code */
export type Outcome = number | 'inserted' | '42501';
export type Row = Record<string, unknown>;

export interface TableCase {
  table: string;
  key: 'id' | 'user_id';
  /** put the target row(s) back to their known state */
  reset: () => Promise<void>;
  /** key value of the row this actor's cells act on */
  target: (actor: Actor) => string;
  /** a new row for the insert cell (belongs to the owner); may prepare the database first */
  /** A row `actor` inserts (the insert cell). */
  newRow: (actor: Actor) => Promise<Row>;
  /** a change the update cell makes; differs from the reset state */
  patch: [column: string, value: string | boolean];
  expected: Partial<Record<Actor, Record<Op, Outcome>>>;
}

export const D = '42501' as const;
export const OK = 'inserted' as const;
export const OPS: Op[] = ['select', 'insert', 'update', 'delete'];

let agreementId = '';
/** rows an insert cell made (or needed), removed when the cell ends */
export const cleanup: { table: string; key: string; value: string }[] = [];

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

export const cases: TableCase[] = [
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
         on conflict (id) do update
           set subject = excluded.subject, sender_email = excluded.sender_email,
               gmail_account_id = excluded.gmail_account_id, _deleted = false`,
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
    // The owner's draft is the target (one open draft per account): a new row is a signed one,
    // under the id the owner's devices would derive for it.
    newRow: async (actor) => ({
      id: await nextSubscriptionId(owner.id),
      user_id: owner.id,
      subscriber_name: 'Inserted',
      subscriber_address: '1 Test Street',
      subscriber_email: 'owner@example.test',
      signature_data: PNG,
      status: 'signed',
      // Staff bring the facts a device's signing gets from the server.
      ...(actor === 'service role'
        ? {
            payment_reference: `STAFF-${randomUUID().slice(0, 8)}`,
            effective_date: '2026-11-28',
            signature_timestamp: new Date().toISOString(),
          }
        : {}),
    }),
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
      // The creator reads the agency's answers and never changes them, token or not.
      'creator with token': { select: 1, insert: OK, update: 0, delete: D },
      'other user': { select: 0, insert: D, update: 0, delete: D },
      'service role': { select: 1, insert: OK, update: 1, delete: 1 },
    },
  },
];
