// The demo request (docs/product/validation.md#demo-requests): one schema for the
// /professional-signup page and the Hire page's inline form, checking each field as it is left and
// the whole request on submit. Its bounds are the table's checks (migration
// 20261122000003_demo_requests.sql), so what passes here is what the database accepts.
import * as v from 'valibot';
import type { DemoRequestRow } from './api/send-demo-request';
import { atMostMessage, isHttpUrl, isPhone, MAX_CHARS, URL_MESSAGE } from '../../../lib/limits';
import { columnOfRule, ruleAfterColumn } from '../../../lib/refusal-words';

export const PROFESSIONAL_TYPES = [
  { value: 'agent', label: 'Estate Agent' },
  { value: 'lawyer', label: 'Solicitor/Conveyancer' },
  { value: 'mortgage', label: 'Mortgage Broker' },
  { value: 'firm', label: 'Legal Firm' },
] as const;

export type ProfessionalType = (typeof PROFESSIONAL_TYPES)[number]['value'];

export const DEFAULT_AI_NAME = 'Chloe';

/** Characters per field: the database's checks. */
export const DEMO_REQUEST_MAX = {
  name: MAX_CHARS.name,
  company: MAX_CHARS.name,
  email: MAX_CHARS.email,
  phone: MAX_CHARS.phone,
  description: MAX_CHARS.freeText,
  website: MAX_CHARS.url,
  aiName: 100,
} as const;

export const DEMO_REQUEST_MESSAGES = {
  professionalType: 'Please select your professional type.',
  name: 'Name must be at least 2 characters.',
  company: 'Company name must be at least 2 characters.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  website: URL_MESSAGE,
} as const;

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, atMostMessage(max)));
const atLeast = (min: number, max: number, message: string) => v.pipe(text(max), v.minLength(min, message));

/** Each field's rule, as the form checks it when the field is left (the form always has strings). */
export const demoRequestFields = {
  professionalType: v.picklist(
    PROFESSIONAL_TYPES.map((t) => t.value),
    DEMO_REQUEST_MESSAGES.professionalType,
  ),
  name: atLeast(2, DEMO_REQUEST_MAX.name, DEMO_REQUEST_MESSAGES.name),
  company: atLeast(2, DEMO_REQUEST_MAX.company, DEMO_REQUEST_MESSAGES.company),
  email: v.pipe(text(DEMO_REQUEST_MAX.email), v.email(DEMO_REQUEST_MESSAGES.email)),
  // The spec's 'at least 10 characters' was met by letters: a number as people write it, the
  // database's public.is_phone.
  phone: v.pipe(text(DEMO_REQUEST_MAX.phone), v.check(isPhone, DEMO_REQUEST_MESSAGES.phone)),
  description: text(DEMO_REQUEST_MAX.description),
  website: v.pipe(
    text(DEMO_REQUEST_MAX.website),
    v.check((url) => url === '' || isHttpUrl(url), DEMO_REQUEST_MESSAGES.website),
  ),
  marketing: v.boolean(),
  // Blank means the default name (the database refuses a blank one).
  aiName: v.pipe(
    text(DEMO_REQUEST_MAX.aiName),
    v.transform((name) => name || DEFAULT_AI_NAME),
  ),
};

/** The whole request: the optional fields with their defaults. */
export const demoRequestSchema = v.object({
  ...demoRequestFields,
  description: v.optional(demoRequestFields.description, ''),
  website: v.optional(demoRequestFields.website, ''),
  marketing: v.optional(demoRequestFields.marketing, false),
  aiName: v.optional(demoRequestFields.aiName, DEFAULT_AI_NAME),
});

export type DemoRequestInput = v.InferInput<typeof demoRequestSchema>;
export type DemoRequest = v.InferOutput<typeof demoRequestSchema>;

/** What the form starts with (and goes back to after a request is sent). */
export type DemoRequestValues = {
  professionalType: ProfessionalType | '';
  name: string;
  company: string;
  website: string;
  email: string;
  phone: string;
  description: string;
  marketing: boolean;
  aiName: string;
};

export const EMPTY_DEMO_REQUEST: DemoRequestValues = {
  professionalType: '',
  name: '',
  company: '',
  website: '',
  email: '',
  phone: '',
  description: '',
  marketing: false,
  aiName: DEFAULT_AI_NAME,
};

export type DemoRequestField = keyof DemoRequestValues;

/** The row the table stores, under the client's id. */
export function toDemoRequestRow(request: DemoRequest, id: string): DemoRequestRow {
  return {
    id,
    professional_type: request.professionalType,
    name: request.name,
    company: request.company,
    email: request.email,
    phone: request.phone,
    description: request.description,
    website: request.website,
    marketing: request.marketing,
    ai_name: request.aiName,
  };
}

/** A stored row back as form values (a refused request put back in the form). */
export function fromDemoRequestRow(row: DemoRequestRow): DemoRequestValues {
  const type = PROFESSIONAL_TYPES.find((t) => t.value === row.professional_type)?.value ?? '';
  return {
    professionalType: type,
    name: row.name,
    company: row.company,
    website: row.website,
    email: row.email,
    phone: row.phone,
    description: row.description,
    marketing: row.marketing,
    aiName: row.ai_name,
  };
}

const COLUMN_FIELDS: Record<string, keyof typeof DEMO_REQUEST_MESSAGES | 'description' | 'aiName'> = {
  professional_type: 'professionalType',
  name: 'name',
  company: 'company',
  email: 'email',
  phone: 'phone',
  description: 'description',
  website: 'website',
  ai_name: 'aiName',
};

/**
 * The field a refused request's constraint is about, and what to say there: the form's own
 * message for the same rule ('demo_requests_phone_format' → phone, 'Please enter a
 * valid phone number.'). Null for a constraint this form does not know.
 */
export function fieldOfConstraint(constraint: string | null): { field: DemoRequestField; message: string } | null {
  const column = columnOfRule('demo_requests', constraint, Object.keys(COLUMN_FIELDS));
  if (!column || !constraint) return null;
  const field = COLUMN_FIELDS[column]!;
  const rule = ruleAfterColumn('demo_requests', column, constraint);
  const max = /^at_most_(\d+)_chars$/.exec(rule)?.[1];
  if (max) return { field, message: atMostMessage(Number(max)) };
  if (field === 'aiName') return { field, message: `Between 1 and ${DEMO_REQUEST_MAX.aiName} characters` };
  if (field === 'description') return { field, message: atMostMessage(DEMO_REQUEST_MAX.description) };
  return { field, message: DEMO_REQUEST_MESSAGES[field] };
}

export const FIELD_LABELS: Record<DemoRequestField, string> = {
  professionalType: 'Professional type',
  name: 'Name',
  company: 'Company',
  website: 'Website (optional)',
  email: 'Email',
  phone: 'Phone',
  description: 'About your business (optional)',
  marketing: 'Send me news and offers about Chloe',
  aiName: 'Assistant name',
};
