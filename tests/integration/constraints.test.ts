// Every validation rule the database enforces, refused through the real API with a clear error:
// the SQLSTATE and the rule's name in the message. Also the defaults the spec lists and the
// columns the server owns.
import { randomBytes, randomUUID } from 'node:crypto';
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, newUser, serviceClient, sql } from './fixtures';

const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomToken = (n = 32) => [...randomBytes(n)].map((b) => alnum[b % alnum.length]).join('');
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The option lists of the spec (shareholder-and-assessment.md §3), character for character. */
const OPTIONS = {
  tone_of_voice: [
    'Friendly & Casual',
    'Professional & Polished',
    'Energetic & Fast-paced',
    'Calm & Reassuring',
    'Authoritative & Confident',
  ],
  office_devices: [
    'Desktop computers',
    'Tablets',
    'IP phones',
    'Softphones',
    'Reception display screens',
    'Smart speakers',
  ],
  mobile_device_types: ['iPhone', 'Android phones', 'iPads', 'Android tablets'],
  preferred_mobile_communication: ['WhatsApp', 'SMS', 'Email', 'Phone calls', 'Mobile apps'],
  property_portals: [
    'Rightmove',
    'Zoopla',
    'OnTheMarket',
    'PrimeLocation',
    'SpareRoom',
    'OpenRent',
    'Gumtree',
    'Facebook Marketplace',
    'Company website only',
    'Other portals',
  ],
  primary_ai_goals: [
    'Increase lead conversion rates',
    'Reduce response time to inquiries',
    'Improve customer service quality',
    'Free up staff for high-value activities',
    'Provide 24/7 availability',
    'Standardize customer interactions',
    'Gather better lead intelligence',
    'Reduce missed opportunities',
    'Improve follow-up consistency',
    'Scale operations without hiring',
  ],
  tracking_outcomes: [
    'Number of leads generated',
    'Lead conversion rates',
    'Response time metrics',
    'Customer satisfaction scores',
    'Time saved on admin tasks',
    'Appointment booking rates',
    'Follow-up completion rates',
    'Revenue per lead',
    'Staff productivity metrics',
    'Customer retention rates',
  ],
} as const;
const CALL_ROUTING = [
  'Direct to specific agents',
  'Round robin distribution',
  'Queue system',
  'Skills-based routing',
  'Time-based routing',
];
const YES_NO_FIELDS = [
  'is_crm_cloud_based',
  'uses_lead_tracking',
  'wants_crm_integration',
  'is_phone_voip',
  'uses_call_recording',
  'uses_mobile_devices',
  'wants_tool_integration',
];

function expectRefused(error: PostgrestError | null, code: string, rule: string) {
  expect(error, `expected ${code} naming ${rule}`).not.toBeNull();
  expect({ code: error?.code, message: error?.message }).toEqual({ code, message: expect.stringContaining(rule) });
}

let owner: { id: string; client: SupabaseClient };
let service: SupabaseClient;
const anon = () => anonClient();

beforeAll(async () => {
  const u = await newUser();
  owner = { id: u.user.id, client: u.client };
  service = serviceClient();
});

afterAll(async () => {
  if (!owner) return;
  await sql('delete from public.agent_assessments where created_by = $1', [owner.id]);
  await sql('delete from auth.users where id = $1', [owner.id]);
});

describe('saved_properties', () => {
  const insert = (row: Record<string, unknown>) =>
    owner.client.from('saved_properties').insert({ user_id: owner.id, title: 'Flat', ...row });

  it('refuses a negative price', async () => {
    expectRefused((await insert({ price: -1 })).error, '23514', 'saved_properties_price_not_negative');
  });
  it('refuses a negative number of bedrooms', async () => {
    expectRefused((await insert({ bedrooms: -1 })).error, '23514', 'saved_properties_bedrooms_not_negative');
  });
  it('refuses an empty entry in key_features', async () => {
    expectRefused(
      (await insert({ key_features: ['Garden', null] })).error,
      '23514',
      'saved_properties_key_features_no_nulls',
    );
  });
  it('defaults key_features to an empty list and accepts absent price and bedrooms', async () => {
    const { data, error } = await owner.client
      .from('saved_properties')
      .insert({ user_id: owner.id, title: 'Cottage' })
      .select('price, bedrooms, key_features, _deleted')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ price: null, bedrooms: null, key_features: [], _deleted: false });
  });
});

describe('gmail_accounts and email_logs', () => {
  let accountId = '';
  beforeAll(async () => {
    const { data, error } = await service
      .from('gmail_accounts')
      .insert({ user_id: owner.id, email_address: 'owner@gmail.test' })
      .select('id, account_status')
      .single();
    expect(error).toBeNull();
    expect(data?.account_status).toBe('active');
    accountId = data?.id;
  });

  it('refuses an unknown account_status', async () => {
    const { error } = await service.from('gmail_accounts').update({ account_status: 'broken' }).eq('id', accountId);
    expectRefused(error, '23514', 'gmail_accounts_account_status_values');
  });
  it('refuses an address that is not an email', async () => {
    const { error } = await service.from('gmail_accounts').insert({ user_id: owner.id, email_address: 'not-an-email' });
    expectRefused(error, '23514', 'gmail_accounts_email_address_format');
  });
  it('refuses the same mailbox twice for one user', async () => {
    const { error } = await service
      .from('gmail_accounts')
      .insert({ user_id: owner.id, email_address: 'owner@gmail.test' });
    expectRefused(error, '23505', 'gmail_accounts_one_row_per_address');
  });

  const log = (row: Record<string, unknown>) =>
    service
      .from('email_logs')
      .insert({ user_id: owner.id, gmail_account_id: accountId, sender_email: 'a@example.test', ...row });

  it('refuses an unknown reply_status', async () => {
    expectRefused((await log({ reply_status: 'bounced' })).error, '23514', 'email_logs_reply_status_values');
  });
  it('refuses "replied" without replied_at', async () => {
    expectRefused((await log({ reply_status: 'replied' })).error, '23514', 'email_logs_replied_has_replied_at');
  });
  it('refuses a log whose mail account belongs to another user', async () => {
    const stranger = await newUser();
    try {
      const { error } = await service
        .from('email_logs')
        .insert({ user_id: stranger.user.id, gmail_account_id: accountId, sender_email: 'a@example.test' });
      expectRefused(error, '23503', 'email_logs_account_belongs_to_user');
    } finally {
      await sql('delete from auth.users where id = $1', [stranger.user.id]);
    }
  });
  it('defaults reply_status to pending; disconnecting the account removes its logs', async () => {
    const { data, error } = await log({}).select('id, reply_status, sender_name, subject').single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ reply_status: 'pending', sender_name: null, subject: null });
    const del = await owner.client.from('gmail_accounts').delete().eq('id', accountId).select('id');
    expect(del.error).toBeNull();
    expect(del.data).toHaveLength(1);
    expect(await sql('select 1 from public.email_logs where id = $1', [data?.id])).toHaveLength(0);
  });
});

describe('auto_reply_settings', () => {
  it('defaults to enabled with a template holding {first_name} and {demo_link}', async () => {
    const { data, error } = await owner.client
      .from('auto_reply_settings')
      .insert({ user_id: owner.id })
      .select('enabled, reply_template, demo_link')
      .single();
    expect(error).toBeNull();
    expect(data?.enabled).toBe(true);
    expect(data?.reply_template).toContain('{first_name}');
    expect(data?.reply_template).toContain('{demo_link}');
    expect(data?.demo_link).toBeNull();
  });
  it('refuses a demo_link that is not an http(s) address', async () => {
    const { error } = await owner.client
      .from('auto_reply_settings')
      .update({ demo_link: 'javascript:alert(1)' })
      .eq('user_id', owner.id);
    expectRefused(error, '23514', 'auto_reply_settings_demo_link_is_http_url');
  });
  it('accepts an https demo_link and a later upsert', async () => {
    const { error } = await owner.client
      .from('auto_reply_settings')
      .upsert({ user_id: owner.id, enabled: false, demo_link: 'https://cal.example.test/demo' })
      .select();
    expect(error).toBeNull();
    const rows = await sql('select enabled, demo_link from public.auto_reply_settings where user_id = $1', [owner.id]);
    expect(rows).toEqual([{ enabled: false, demo_link: 'https://cal.example.test/demo' }]);
  });
});

describe('demo_requests (anonymous insert)', () => {
  const valid = {
    professional_type: 'agent',
    name: 'Ann Agent',
    company: 'Agency Ltd',
    email: 'ann@example.test',
    phone: '020 7946 0000',
  };
  const submit = (over: Record<string, unknown>) =>
    anon()
      .from('demo_requests')
      .insert({ ...valid, ...over });

  it.each([
    ['an unknown professional type', { professional_type: 'developer' }, 'demo_requests_professional_type_values'],
    ['a name under 2 characters once trimmed', { name: ' A ' }, 'demo_requests_name_at_least_2_chars'],
    ['a company under 2 characters', { company: 'X' }, 'demo_requests_company_at_least_2_chars'],
    ['an email without @', { email: 'ann.example.test' }, 'demo_requests_email_format'],
    ['an email without a domain dot', { email: 'ann@example' }, 'demo_requests_email_format'],
    ['a phone under 10 characters', { phone: '0207946' }, 'demo_requests_phone_at_least_10_chars'],
    [
      'a description over 5000 characters',
      { description: 'x'.repeat(5001) },
      'demo_requests_description_at_most_5000_chars',
    ],
    ['a website over 2048 characters', { website: 'x'.repeat(2049) }, 'demo_requests_website_at_most_2048_chars'],
    ['a blank ai_name', { ai_name: '  ' }, 'demo_requests_ai_name_1_to_100_chars'],
  ])('refuses %s (%s)', async (_label, over, rule) => {
    expectRefused((await submit(over)).error, '23514', rule);
  });

  it('accepts a minimal request with return=minimal and fills the defaults', async () => {
    const id = randomUUID();
    const { error } = await submit({ id });
    expect(error).toBeNull();
    const rows = await sql('select description, website, marketing, ai_name from public.demo_requests where id = $1', [
      id,
    ]);
    expect(rows).toEqual([{ description: '', website: '', marketing: false, ai_name: 'Chloe' }]);
    // A re-sent queued request (same id) is recognisable as already received.
    expectRefused((await submit({ id })).error, '23505', 'demo_requests_pkey');
    await sql('delete from public.demo_requests where id = $1', [id]);
  });
});

describe('share_subscriptions', () => {
  const signed = {
    subscriber_name: 'Ada Lovelace',
    subscriber_address: '12 St James Square, London',
    subscriber_email: 'ada@example.test',
    effective_date: '2030-03-25',
    payment_reference: 'CHLOE-1763769600000',
    signature_data: PNG,
    signature_timestamp: '2030-03-25T10:00:00Z',
    status: 'signed',
  };
  const insert = (row: Record<string, unknown>) =>
    owner.client.from('share_subscriptions').insert({ user_id: owner.id, ...row });

  it('defaults a draft to 5,000 shares at £1.25, total £6,250', async () => {
    const { data, error } = await insert({})
      .select('number_of_shares, subscription_price, total_amount, status')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ number_of_shares: 5000, subscription_price: 1.25, total_amount: 6250, status: 'draft' });
  });

  it.each([
    [{ number_of_shares: 4000, total_amount: 5000 }, 'share_subscriptions_minimum_5000_shares'],
    [{ number_of_shares: 5500, total_amount: 6875 }, 'share_subscriptions_shares_in_steps_of_1000'],
    [{ subscription_price: 1, total_amount: 5000 }, 'share_subscriptions_price_is_1_25'],
    [{ number_of_shares: 6000, total_amount: 6250 }, 'share_subscriptions_total_is_shares_times_price'],
    [{ signature_data: 'javascript:alert(1)' }, 'share_subscriptions_signature_is_image_data_url'],
    [{ status: 'bogus' }, 'share_subscriptions_status_values'],
    [{ status: 'cancelled' }, 'share_subscriptions_cancelled_has_time'],
  ])('refuses %o (%s)', async (row, rule) => {
    expectRefused((await insert(row)).error, '23514', rule);
  });

  it('accepts 6,000 shares with total £7,500', async () => {
    expect((await insert({ number_of_shares: 6000, total_amount: 7500 })).error).toBeNull();
  });

  it.each([
    ['subscriber_name', '  ', 'share_subscriptions_signed_requires_name'],
    ['subscriber_email', null, 'share_subscriptions_signed_requires_email'],
    ['subscriber_address', '', 'share_subscriptions_signed_requires_address'],
    ['signature_data', null, 'share_subscriptions_signed_requires_signature'],
    ['payment_reference', ' ', 'share_subscriptions_signed_requires_payment_reference'],
    ['signature_timestamp', null, 'share_subscriptions_signed_requires_signature_timestamp'],
    ['effective_date', null, 'share_subscriptions_signed_requires_effective_date'],
  ])('refuses signing without %s', async (column, value, rule) => {
    expectRefused((await insert({ ...signed, [column]: value })).error, '23514', rule);
  });
});

describe('share_agreement_status ordering (staff steps)', () => {
  let agreementId = '';
  beforeAll(async () => {
    const { data, error } = await owner.client
      .from('share_subscriptions')
      .insert({
        user_id: owner.id,
        subscriber_name: 'Ada Lovelace',
        subscriber_address: '12 St James Square, London',
        subscriber_email: 'ada@example.test',
        effective_date: '2030-03-25',
        payment_reference: 'CHLOE-1',
        signature_data: PNG,
        signature_timestamp: '2030-03-25T10:00:00Z',
        status: 'signed',
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    // Read separately: an insert's response cannot see the row its AFTER trigger made.
    const status = await owner.client
      .from('share_agreement_status')
      .select('id')
      .eq('subscription_id', data?.id)
      .single();
    expect(status.error).toBeNull();
    agreementId = status.data?.id;
  });
  const set = (patch: Record<string, boolean>) =>
    service.from('share_agreement_status').update(patch).eq('id', agreementId);

  it('refuses shares issued before payment', async () => {
    expectRefused((await set({ shares_issued: true })).error, '23514', 'share_agreement_status_shares_require_payment');
  });
  it('refuses a certificate before shares are issued', async () => {
    expectRefused(
      (await set({ payment_received: true, share_certificate_issued: true })).error,
      '23514',
      'share_agreement_status_certificate_requires_shares',
    );
  });
  it('refuses EIS documentation before the certificate', async () => {
    expectRefused(
      (await set({ payment_received: true, shares_issued: true, eis_documentation_sent: true })).error,
      '23514',
      'share_agreement_status_eis_requires_certificate',
    );
  });
  it('accepts the steps in order', async () => {
    const all = {
      payment_received: true,
      shares_issued: true,
      share_certificate_issued: true,
      eis_documentation_sent: true,
    };
    expect((await set(all)).error).toBeNull();
  });
});

describe('agent_assessments', () => {
  const holder = (token: string) => anonClient({ 'x-assessment-token': token });
  /** A pending assessment made by staff (service role), reachable with its token. */
  async function assessment(row: Record<string, unknown> = {}) {
    const token = randomToken();
    const { data, error } = await service
      .from('agent_assessments')
      .insert({ token, created_by: owner.id, agency_name: 'Test Estates', ...row })
      .select('id')
      .single();
    expect(error).toBeNull();
    return { id: data?.id as string, token, client: holder(token) };
  }

  it('fills the defaults of the spec', async () => {
    const a = await assessment();
    const { data, error } = await a.client.from('agent_assessments').select('*').eq('id', a.id).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      status: 'pending',
      completed_at: null,
      ai_assistant_name: 'Chloe',
      tone_of_voice: [],
      office_devices: [],
      mobile_device_types: [],
      preferred_mobile_communication: [],
      property_portals: [],
      primary_ai_goals: [],
      tracking_outcomes: [],
      current_tools: ['', '', '', '', '', '', '', '', '', ''],
      number_of_offices: null,
      _deleted: false,
    });
  });

  it.each([
    ['short', randomToken(21), 'agent_assessments_token_at_least_22_chars'],
    ['non-alphanumeric', `${randomToken(30)}-_`, 'agent_assessments_token_alphanumeric'],
    ['overlong', randomToken(129), 'agent_assessments_token_at_most_128_chars'],
  ])('refuses a %s token', async (_label, token, rule) => {
    const { error } = await service.from('agent_assessments').insert({ token });
    expectRefused(error, '23514', rule);
  });

  it('refuses a token that is already used', async () => {
    const a = await assessment();
    const { error } = await service.from('agent_assessments').insert({ token: a.token });
    expectRefused(error, '23505', 'agent_assessments_token_key');
  });

  it('accepts every option of every list (copied from the spec), all at once', async () => {
    const a = await assessment();
    const { data, error } = await a.client
      .from('agent_assessments')
      .update({ ...OPTIONS, call_routing_method: CALL_ROUTING[4] })
      .eq('id', a.id)
      .select('id');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    for (const method of CALL_ROUTING) {
      const r = await a.client.from('agent_assessments').update({ call_routing_method: method }).eq('id', a.id);
      expect(r.error, method).toBeNull();
    }
  });

  it.each(Object.keys(OPTIONS))('refuses a value outside the %s options', async (column) => {
    const a = await assessment();
    const { error } = await a.client
      .from('agent_assessments')
      .update({ [column]: ['Something else'] })
      .eq('id', a.id);
    expectRefused(error, '23514', `agent_assessments_${column}_options`);
  });

  it('refuses a near-miss spelling of an option', async () => {
    const a = await assessment();
    const { error } = await a.client
      .from('agent_assessments')
      .update({ tone_of_voice: ['Friendly and Casual'] })
      .eq('id', a.id);
    expectRefused(error, '23514', 'agent_assessments_tone_of_voice_options');
  });

  it('refuses a call routing method outside the list', async () => {
    const a = await assessment();
    const { error } = await a.client.from('agent_assessments').update({ call_routing_method: 'Random' }).eq('id', a.id);
    expectRefused(error, '23514', 'agent_assessments_call_routing_method_options');
  });

  it.each(YES_NO_FIELDS)('%s takes yes, no or null only', async (column) => {
    const a = await assessment();
    const update = (value: string | null) =>
      a.client
        .from('agent_assessments')
        .update({ [column]: value })
        .eq('id', a.id);
    expect((await update('yes')).error).toBeNull();
    expect((await update('no')).error).toBeNull();
    expect((await update(null)).error).toBeNull();
    expectRefused((await update('maybe')).error, '23514', `agent_assessments_${column}_yes_no`);
  });

  it('refuses a negative number of offices', async () => {
    const a = await assessment();
    const { error } = await a.client.from('agent_assessments').update({ number_of_offices: -1 }).eq('id', a.id);
    expectRefused(error, '23514', 'agent_assessments_number_of_offices_not_negative');
  });

  it('keeps exactly 10 tool slots', async () => {
    const a = await assessment();
    const nine = Array.from({ length: 9 }, () => '');
    const { error } = await a.client.from('agent_assessments').update({ current_tools: nine }).eq('id', a.id);
    expectRefused(error, '23514', 'agent_assessments_current_tools_10_slots');
    const ten = ['Mailchimp', 'Hootsuite', 'Zoom', '', '', '', '', '', '', 'Calendly'];
    expect((await a.client.from('agent_assessments').update({ current_tools: ten }).eq('id', a.id)).error).toBeNull();
  });

  it('refuses completed without completed_at, and pending with it', async () => {
    expectRefused(
      (await service.from('agent_assessments').insert({ token: randomToken(), status: 'completed' })).error,
      '23514',
      'agent_assessments_completed_iff_completed_at',
    );
    expectRefused(
      (await service.from('agent_assessments').insert({ token: randomToken(), completed_at: new Date().toISOString() }))
        .error,
      '23514',
      'agent_assessments_completed_iff_completed_at',
    );
    expectRefused(
      (await service.from('agent_assessments').insert({ token: randomToken(), status: 'done' })).error,
      '23514',
      'agent_assessments_status_values',
    );
  });

  it.each([
    ['token', () => randomToken()],
    ['expires_at', () => '2099-01-01T00:00:00Z'],
    ['created_by', () => randomUUID()],
    ['id', () => randomUUID()],
    ['_deleted', () => true],
  ])('a token holder cannot change %s (42501)', async (column, value) => {
    const a = await assessment();
    const { error } = await a.client
      .from('agent_assessments')
      .update({ [column]: value() })
      .eq('id', a.id);
    expectRefused(error, '42501', 'permission denied');
  });

  it('completing sets completed_at on the server; after that the answers are frozen for the holder', async () => {
    const a = await assessment();
    const { data, error } = await a.client
      .from('agent_assessments')
      .update({ status: 'completed', completed_at: '2000-01-01T00:00:00Z', agency_name: 'Final Estates' })
      .eq('id', a.id)
      .select('status, completed_at, agency_name')
      .single();
    expect(error).toBeNull();
    expect(data?.status).toBe('completed');
    expect(Math.abs(Date.parse(data?.completed_at) - Date.now())).toBeLessThan(60_000);
    const again = await a.client.from('agent_assessments').update({ agency_name: 'Changed' }).eq('id', a.id).select();
    expect(again.error).toBeNull();
    expect(again.data).toHaveLength(0);
    const reopen = await a.client
      .from('agent_assessments')
      .update({ status: 'pending', completed_at: null })
      .eq('id', a.id)
      .select();
    expect(reopen.data).toHaveLength(0);
    expect(await sql('select status, agency_name from public.agent_assessments where id = $1', [a.id])).toEqual([
      { status: 'completed', agency_name: 'Final Estates' },
    ]);
  });

  it('an expired link can neither be read nor updated', async () => {
    const a = await assessment({ expires_at: new Date(Date.now() - 1000).toISOString() });
    const read = await a.client.from('agent_assessments').select('id').eq('token', a.token);
    expect(read.data).toEqual([]);
    const write = await a.client
      .from('agent_assessments')
      .update({ agency_name: 'Late' })
      .eq('token', a.token)
      .select();
    expect(write.data).toEqual([]);
  });

  it('the service role may set and change expires_at', async () => {
    const a = await assessment({ expires_at: '2031-01-01T00:00:00Z' });
    const moved = await service
      .from('agent_assessments')
      .update({ expires_at: '2032-01-01T00:00:00Z' })
      .eq('id', a.id)
      .select('expires_at')
      .single();
    expect(moved.error).toBeNull();
    expect(Date.parse(moved.data?.expires_at)).toBe(Date.parse('2032-01-01T00:00:00Z'));
  });
});

describe('server-owned columns of synced tables', () => {
  it('overwrites _modified, created_at and updated_at sent by the client', async () => {
    const id = randomUUID();
    const before = Date.now();
    const { error } = await owner.client.from('saved_properties').insert({
      id,
      user_id: owner.id,
      title: 'Clock test',
      _modified: '2000-01-01T00:00:00Z',
      created_at: '2000-01-01T00:00:00Z',
      updated_at: '2000-01-01T00:00:00Z',
    });
    expect(error).toBeNull();
    const [row] = await sql<{ _modified: Date; created_at: Date; updated_at: Date }>(
      'select _modified, created_at, updated_at from public.saved_properties where id = $1',
      [id],
    );
    for (const at of [row?._modified, row?.created_at, row?.updated_at]) {
      expect(Math.abs((at?.getTime() ?? 0) - before)).toBeLessThan(60_000);
    }

    const upd = await owner.client
      .from('saved_properties')
      .update({ title: 'Clock test 2', _modified: '2000-01-01T00:00:00Z', created_at: '2000-01-01T00:00:00Z' })
      .eq('id', id);
    expect(upd.error).toBeNull();
    const [after] = await sql<{ _modified: Date; created_at: Date }>(
      'select _modified, created_at from public.saved_properties where id = $1',
      [id],
    );
    expect(after?._modified.getTime()).toBeGreaterThanOrEqual(row?._modified.getTime() ?? Infinity);
    expect(after?.created_at.getTime()).toBe(row?.created_at.getTime());
  });

  it('_modified increases between writes of one transaction (clock_timestamp, not now())', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    // Two statements in one transaction: now() would give both rows the same value.
    await sql(
      `begin;
       insert into public.saved_properties (id, user_id, title) values ('${a}', '${owner.id}', 'a');
       insert into public.saved_properties (id, user_id, title) values ('${b}', '${owner.id}', 'b');
       commit;`,
    );
    const rows = await sql<{ id: string; later: boolean }>(
      `select a.id, b._modified > a._modified as later
         from public.saved_properties a, public.saved_properties b where a.id = $1 and b.id = $2`,
      [a, b],
    );
    expect(rows).toEqual([{ id: a, later: true }]);
  });

  it('refuses to change the id of a synced row', async () => {
    const id = randomUUID();
    expect(
      (await owner.client.from('saved_properties').insert({ id, user_id: owner.id, title: 'Id test' })).error,
    ).toBeNull();
    const { error } = await owner.client.from('saved_properties').update({ id: randomUUID() }).eq('id', id);
    expectRefused(error, '23514', 'sync_id_is_immutable');
  });

  it('a row cannot be handed to another user', async () => {
    const stranger = await newUser();
    try {
      const id = randomUUID();
      expect(
        (await owner.client.from('saved_properties').insert({ id, user_id: owner.id, title: 'Mine' })).error,
      ).toBeNull();
      const { error } = await owner.client.from('saved_properties').update({ user_id: stranger.user.id }).eq('id', id);
      expectRefused(error, '42501', 'row-level security');
    } finally {
      await sql('delete from auth.users where id = $1', [stranger.user.id]);
    }
  });
});
