// Every validation rule the database enforces, refused through the real API with a clear error:
// the SQLSTATE and the rule's name in the message. Also the defaults a new row gets and the
// columns the server owns.
//
// Here: agent assessments (option lists in constraints-fixtures.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, expectRefused, randomToken, sql } from '../fixtures';
import { CALL_ROUTING, newOwner, OPTIONS, type Owner, removeOwner, YES_NO_FIELDS } from './constraints-fixtures';

let owner: Owner;
beforeAll(async () => void (owner = await newOwner()));
afterAll(() => removeOwner(owner));
const service = () => owner.service;

describe('agent_assessments', () => {
  const holder = (token: string) => anonClient({ 'x-assessment-token': token });
  /** A pending assessment made by staff (service role), reachable with its token. */
  async function assessment(row: Record<string, unknown> = {}) {
    const token = randomToken();
    const { data, error } = await service()
      .from('agent_assessments')
      .insert({ token, created_by: owner.id, agency_name: 'Test Estates', ...row })
      .select('id')
      .single();
    expect(error).toBeNull();
    return { id: data?.id as string, token, client: holder(token) };
  }

  it('fills the defaults of a new assessment', async () => {
    const a = await assessment();
    const { data, error } = await a.client
      .from('agent_assessments')
      // Not '*': it names created_by, which no client may read (migration 20261127000026).
      .select(
        'status, completed_at, ai_assistant_name, tone_of_voice, office_devices, mobile_device_types, ' +
          'preferred_mobile_communication, property_portals, primary_ai_goals, tracking_outcomes, current_tools, ' +
          'number_of_offices, _deleted',
      )
      .eq('id', a.id)
      .single<Record<string, unknown>>();
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
    const { error } = await service().from('agent_assessments').insert({ token });
    expectRefused(error, '23514', rule);
  });

  it('refuses a token that is already used', async () => {
    const a = await assessment();
    const { error } = await service().from('agent_assessments').insert({ token: a.token });
    expectRefused(error, '23505', 'agent_assessments_token_key');
  });

  it('accepts every option of every list (copied from the product docs), all at once', async () => {
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
      (await service().from('agent_assessments').insert({ token: randomToken(), status: 'completed' })).error,
      '23514',
      'agent_assessments_completed_iff_completed_at',
    );
    expectRefused(
      (
        await service()
          .from('agent_assessments')
          .insert({ token: randomToken(), completed_at: new Date().toISOString() })
      ).error,
      '23514',
      'agent_assessments_completed_iff_completed_at',
    );
    expectRefused(
      (await service().from('agent_assessments').insert({ token: randomToken(), status: 'done' })).error,
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
    expect(Math.abs(Date.parse(data?.completed_at as string) - Date.now())).toBeLessThan(60_000);
    const again = await a.client
      .from('agent_assessments')
      .update({ agency_name: 'Changed' })
      .eq('id', a.id)
      .select('id');
    expect(again.error).toBeNull();
    expect(again.data).toHaveLength(0);
    const reopen = await a.client
      .from('agent_assessments')
      .update({ status: 'pending', completed_at: null })
      .eq('id', a.id)
      .select('id');
    expect(reopen.data).toHaveLength(0);
    expect(await sql('select status, agency_name from public.agent_assessments where id = $1', [a.id])).toEqual([
      { status: 'completed', agency_name: 'Final Estates' },
    ]);
  });

  it('an assistant left without a name is submitted as Chloe; a name given is kept', async () => {
    for (const [given, stored] of [
      ['', 'Chloe'],
      ['   ', 'Chloe'],
      [null, 'Chloe'],
      ['Ava', 'Ava'],
    ] as const) {
      const a = await assessment({ ai_assistant_name: given });
      const { data, error } = await a.client
        .from('agent_assessments')
        .update({ status: 'completed', completed_at: new Date().toISOString() })
        .eq('id', a.id)
        .select('ai_assistant_name')
        .single();
      expect(error).toBeNull();
      expect({ given, name: data?.ai_assistant_name as unknown }).toEqual({ given, name: stored });
    }
  });

  it('an expired link can neither be read nor updated', async () => {
    const a = await assessment({ expires_at: new Date(Date.now() - 1000).toISOString() });
    const read = await a.client.from('agent_assessments').select('id').eq('token', a.token);
    expect(read.data).toEqual([]);
    const write = await a.client
      .from('agent_assessments')
      .update({ agency_name: 'Late' })
      .eq('token', a.token)
      .select('id');
    expect(write.data).toEqual([]);
  });

  it('the service role may set and change expires_at', async () => {
    const a = await assessment({ expires_at: '2031-01-01T00:00:00Z' });
    const moved = await service()
      .from('agent_assessments')
      .update({ expires_at: '2032-01-01T00:00:00Z' })
      .eq('id', a.id)
      .select('expires_at')
      .single();
    expect(moved.error).toBeNull();
    expect(Date.parse(moved.data?.expires_at as string)).toBe(Date.parse('2032-01-01T00:00:00Z'));
  });
});
