// Every validation rule the database enforces, refused through the real API with a clear error:
// the SQLSTATE and the rule's name in the message. Also the defaults a new row gets and the
// columns the server owns.
//
// Here: demo requests, sent anonymously.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonClient, expectRefused, sql } from '../fixtures';

const anon = () => anonClient();

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
