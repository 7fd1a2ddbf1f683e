// Every validation rule the database enforces, refused through the real API with a clear error:
// the SQLSTATE and the rule's name in the message. Also the defaults a new row gets and the
// columns the server owns.
//
// Here: saved properties, mail accounts and their logs, auto-reply settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteUsers, expectRefused, newUser, sql } from '../fixtures';
import { newOwner, type Owner, removeOwner } from './constraints-fixtures';

let owner: Owner;
beforeAll(async () => void (owner = await newOwner()));
afterAll(() => removeOwner(owner));
const service = () => owner.service;

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
    const { data, error } = await service()
      .from('gmail_accounts')
      .insert({ user_id: owner.id, email_address: 'owner@gmail.test' })
      .select('id, account_status')
      .single();
    expect(error).toBeNull();
    expect(data?.account_status).toBe('active');
    accountId = data?.id as string;
  });

  it('refuses an unknown account_status', async () => {
    const { error } = await service().from('gmail_accounts').update({ account_status: 'broken' }).eq('id', accountId);
    expectRefused(error, '23514', 'gmail_accounts_account_status_values');
  });
  it('refuses an address that is not an email', async () => {
    const { error } = await service()
      .from('gmail_accounts')
      .insert({ user_id: owner.id, email_address: 'not-an-email' });
    expectRefused(error, '23514', 'gmail_accounts_email_address_format');
  });
  it('refuses the same mailbox twice for one user', async () => {
    const { error } = await service()
      .from('gmail_accounts')
      .insert({ user_id: owner.id, email_address: 'owner@gmail.test' });
    expectRefused(error, '23505', 'gmail_accounts_one_row_per_address');
  });

  const log = (row: Record<string, unknown>) =>
    service()
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
      const { error } = await service()
        .from('email_logs')
        .insert({ user_id: stranger.user.id, gmail_account_id: accountId, sender_email: 'a@example.test' });
      expectRefused(error, '23503', 'email_logs_account_belongs_to_user');
    } finally {
      await deleteUsers([stranger.user.id]);
    }
  });
  it('refuses a live log without a mail account (only a deleted one has none)', async () => {
    expectRefused((await log({ gmail_account_id: null })).error, '23514', 'email_logs_without_account_is_deleted');
  });
  it('defaults reply_status to pending; disconnecting the account deletes its logs (soft: devices pull it), content erased', async () => {
    const { data, error } = await log({ sender_name: 'Sam', subject: 'Hello' })
      .select('id, reply_status, sender_name, subject, _deleted')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ reply_status: 'pending', sender_name: 'Sam', subject: 'Hello', _deleted: false });
    const del = await owner.client.from('gmail_accounts').delete().eq('id', accountId).select('id');
    expect(del.error).toBeNull();
    expect(del.data).toHaveLength(1);
    // Synced rows are never hard-deleted (a device would never hear of it): a tombstone is left.
    expect(
      await sql(
        'select gmail_account_id, sender_email, sender_name, subject, _deleted from public.email_logs where id = $1',
        [data?.id],
      ),
    ).toEqual([{ gmail_account_id: null, sender_email: '', sender_name: null, subject: null, _deleted: true }]);
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
