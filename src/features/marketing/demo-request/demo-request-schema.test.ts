import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  DEMO_REQUEST_MAX,
  demoRequestSchema,
  fieldOfConstraint,
  fromDemoRequestRow,
  PROFESSIONAL_TYPES,
  toDemoRequestRow,
} from './demo-request-schema';

const valid = {
  professionalType: 'agent',
  name: 'Ann Agent',
  company: 'Agency Ltd',
  email: 'ann@example.co.uk',
  phone: '020 7946 0000',
};

/** The message of each field that fails, by field. */
function problems(input: Record<string, unknown>) {
  const result = v.safeParse(demoRequestSchema, input);
  if (result.success) return {};
  return Object.fromEntries(result.issues.map((issue) => [String(v.getDotPath(issue)), issue.message]));
}

describe('demoRequestSchema', () => {
  it('says the message of every field word for word for an empty form', () => {
    expect(
      problems({ professionalType: '', name: '', company: '', email: '', phone: '', website: '', description: '' }),
    ).toEqual({
      professionalType: 'Please select your professional type.',
      name: 'Name must be at least 2 characters.',
      company: 'Company name must be at least 2 characters.',
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid phone number.',
    });
  });

  it.each([
    ['professionalType', 'developer', 'Please select your professional type.'],
    ['name', ' A ', 'Name must be at least 2 characters.'],
    ['company', 'X', 'Company name must be at least 2 characters.'],
    ['email', 'ann@', 'Please enter a valid email address.'],
    ['email', 'ann example@x.co', 'Please enter a valid email address.'],
    ['phone', '020 7946', 'Please enter a valid phone number.'],
    ['phone', '    0207946    ', 'Please enter a valid phone number.'],
    // Ten characters that are not a phone number.
    ['phone', 'abcdefghijk', 'Please enter a valid phone number.'],
    ['phone', '-----------', 'Please enter a valid phone number.'],
    ['phone', '<script>alert(1)</script>', 'Please enter a valid phone number.'],
    ['phone', '1', 'Please enter a valid phone number.'],
    ['website', 'example.com', 'Enter a web address starting with http:// or https://'],
    ['website', 'ftp://example.com', 'Enter a web address starting with http:// or https://'],
  ])('refuses %s %j with its message', (field, value, message) => {
    expect(problems({ ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('has the four professional types, labels exactly', () => {
    expect(PROFESSIONAL_TYPES.map((t) => [t.value, t.label])).toEqual([
      ['agent', 'Estate Agent'],
      ['lawyer', 'Solicitor/Conveyancer'],
      ['mortgage', 'Mortgage Broker'],
      ['firm', 'Legal Firm'],
    ]);
    for (const { value } of PROFESSIONAL_TYPES) expect(problems({ ...valid, professionalType: value })).toEqual({});
  });

  it('fills the defaults: description and website empty, marketing false, aiName Chloe', () => {
    expect(v.parse(demoRequestSchema, valid)).toEqual({
      ...valid,
      description: '',
      website: '',
      marketing: false,
      aiName: 'Chloe',
    });
    // A cleared assistant name is the default too (the database refuses a blank one).
    expect(v.parse(demoRequestSchema, { ...valid, aiName: '   ' }).aiName).toBe('Chloe');
    expect(v.parse(demoRequestSchema, { ...valid, aiName: ' Sarah ', marketing: true })).toMatchObject({
      aiName: 'Sarah',
      marketing: true,
    });
  });

  it('trims every text before checking and sending it', () => {
    expect(
      v.parse(demoRequestSchema, {
        professionalType: 'lawyer',
        name: '  Lee  ',
        company: ' Lawyers LLP ',
        email: ' lee@example.test ',
        phone: ' 020 7946 0001 ',
        website: ' https://lawyers.example ',
        description: ' Conveyancing ',
      }),
    ).toMatchObject({
      name: 'Lee',
      company: 'Lawyers LLP',
      email: 'lee@example.test',
      phone: '020 7946 0001',
      website: 'https://lawyers.example',
      description: 'Conveyancing',
    });
  });

  it('has the upper bounds of the database, with the at-most message', () => {
    expect(DEMO_REQUEST_MAX).toEqual({
      name: 200,
      company: 200,
      email: 320,
      phone: 40,
      description: 5000,
      website: 2048,
      aiName: 100,
    });
    const longEmail = `${'a'.repeat(315)}@x.co`;
    expect(problems({ ...valid, name: 'n'.repeat(200) })).toEqual({});
    expect(problems({ ...valid, name: 'n'.repeat(201) })).toEqual({ name: 'At most 200 characters' });
    expect(problems({ ...valid, company: 'c'.repeat(201) })).toEqual({ company: 'At most 200 characters' });
    expect(problems({ ...valid, email: `a${longEmail}` })).toEqual({ email: 'At most 320 characters' });
    // A phone number in shape, spaced out past the bound.
    expect(problems({ ...valid, phone: `020${' '.repeat(30)}7946 0018` })).toEqual({ phone: 'At most 40 characters' });
    expect(problems({ ...valid, description: 'd'.repeat(5001) })).toEqual({ description: 'At most 5,000 characters' });
    expect(problems({ ...valid, website: `https://${'w'.repeat(2041)}` })).toEqual({
      website: 'At most 2,048 characters',
    });
    expect(problems({ ...valid, aiName: 'a'.repeat(101) })).toEqual({ aiName: 'At most 100 characters' });
  });

  it('maps a request to the row the table stores and back', () => {
    const request = v.parse(demoRequestSchema, { ...valid, website: 'https://agency.example', marketing: true });
    const row = toDemoRequestRow(request, 'id-1');
    expect(row).toEqual({
      id: 'id-1',
      professional_type: 'agent',
      name: 'Ann Agent',
      company: 'Agency Ltd',
      email: 'ann@example.co.uk',
      phone: '020 7946 0000',
      description: '',
      website: 'https://agency.example',
      marketing: true,
      ai_name: 'Chloe',
    });
    expect(fromDemoRequestRow(row)).toEqual({
      ...valid,
      website: 'https://agency.example',
      description: '',
      marketing: true,
      aiName: 'Chloe',
    });
  });
});

describe('fieldOfConstraint', () => {
  it.each([
    ['demo_requests_phone_format', 'phone', 'Please enter a valid phone number.'],
    // The first rule, still on the table beside the format check: the same words.
    ['demo_requests_phone_at_least_10_chars', 'phone', 'Please enter a valid phone number.'],
    ['demo_requests_name_at_least_2_chars', 'name', 'Name must be at least 2 characters.'],
    ['demo_requests_company_at_least_2_chars', 'company', 'Company name must be at least 2 characters.'],
    ['demo_requests_email_format', 'email', 'Please enter a valid email address.'],
    ['demo_requests_professional_type_values', 'professionalType', 'Please select your professional type.'],
    ['demo_requests_website_is_http_url', 'website', 'Enter a web address starting with http:// or https://'],
    ['demo_requests_website_at_most_2048_chars', 'website', 'At most 2,048 characters'],
    ['demo_requests_description_at_most_5000_chars', 'description', 'At most 5,000 characters'],
    ['demo_requests_ai_name_1_to_100_chars', 'aiName', 'Between 1 and 100 characters'],
  ])('%s is about %s', (constraint, field, message) => {
    expect(fieldOfConstraint(constraint)).toEqual({ field, message });
  });

  it('knows nothing of other constraints', () => {
    expect(fieldOfConstraint('demo_requests_pkey')).toBeNull();
    expect(fieldOfConstraint('saved_properties_title_at_most_500_chars')).toBeNull();
    expect(fieldOfConstraint(null)).toBeNull();
  });
});
