// The assessment as the soak sees it: the questions by step (the labels the wizard shows), the
// refused values, what a person may do on each step and how often, and fresh answers.
import type { Scalar } from './model';
import type { Run } from './sequence';

export type Kind = 'text' | 'email' | 'tel' | 'url' | 'offices';

export interface TextDef {
  column: string;
  label: string;
  step: number;
  kind: Kind;
}

export interface MultiDef {
  column: string;
  legend: string;
  step: number;
  options: string[];
}

// The labels the wizard shows (src/features/assessment/fields.ts).
export const TEXT: TextDef[] = [
  { column: 'agency_name', label: 'Agency Name', step: 1, kind: 'text' },
  { column: 'office_locations', label: 'Office Locations', step: 1, kind: 'text' },
  { column: 'number_of_offices', label: 'Number of Offices', step: 1, kind: 'offices' },
  { column: 'main_contact_name', label: 'Main Contact Name', step: 1, kind: 'text' },
  { column: 'main_contact_email', label: 'Main Contact Email', step: 1, kind: 'email' },
  { column: 'main_contact_phone', label: 'Main Contact Phone', step: 1, kind: 'tel' },
  { column: 'website_url', label: 'Website URL', step: 1, kind: 'url' },
  { column: 'ai_assistant_name', label: 'What should your assistant be called?', step: 2, kind: 'text' },
  { column: 'preferred_greeting', label: 'Preferred greeting', step: 2, kind: 'text' },
  { column: 'preferred_signoff', label: 'Preferred sign-off', step: 2, kind: 'text' },
  { column: 'crm_platform', label: 'Which CRM do you use?', step: 3, kind: 'text' },
  { column: 'phone_system_provider', label: 'Phone system provider', step: 3, kind: 'text' },
  { column: 'linkedin_handle', label: 'LinkedIn', step: 6, kind: 'text' },
  { column: 'instagram_handle', label: 'Instagram', step: 6, kind: 'text' },
  { column: 'threads_handle', label: 'Threads', step: 6, kind: 'text' },
  { column: 'valuation_leads_script', label: 'How should Chloe handle valuation leads?', step: 7, kind: 'text' },
  { column: 'additional_requirements', label: 'Anything else Chloe should know or do?', step: 7, kind: 'text' },
];

export const MULTI: MultiDef[] = [
  {
    column: 'tone_of_voice',
    legend: 'Tone of voice',
    step: 2,
    options: ['Friendly & Casual', 'Professional & Polished', 'Calm & Reassuring', 'Authoritative & Confident'],
  },
  {
    column: 'office_devices',
    legend: 'Devices in the office',
    step: 3,
    options: ['Desktop computers', 'Tablets', 'IP phones'],
  },
  {
    column: 'property_portals',
    legend: 'Which property portals do you list on?',
    step: 4,
    options: ['Rightmove', 'Zoopla', 'OnTheMarket', 'OpenRent'],
  },
  {
    column: 'primary_ai_goals',
    legend: 'What should Chloe achieve for you?',
    step: 5,
    options: ['Provide 24/7 availability', 'Reduce missed opportunities', 'Increase lead conversion rates'],
  },
];

// A refused 'Number of Offices' and the message that must say so instead of saving it.
export const REFUSED: [string, RegExp][] = [
  ['abc', /whole number/],
  ['-3', /whole number/],
  ['2.5', /whole number/],
  ['99999999999', /The number of offices is too large/],
];

export type Action =
  | 'type'
  | 'toggle'
  | 'next'
  | 'previous'
  | 'offline'
  | 'reload'
  | 'close'
  | 'dropAck'
  | 'dropLive'
  | 'refused'
  | 'tabBursts'
  | 'deviceBursts';
const WEIGHTS: Record<Action, number> = {
  type: 30,
  toggle: 16,
  next: 13,
  previous: 8,
  offline: 8,
  reload: 7,
  close: 5,
  dropAck: 6,
  dropLive: 3,
  refused: 6,
  tabBursts: 3,
  deviceBursts: 5,
};

/** What a person does next on `step` (only what the step offers). */
export const weights = (step: number): Partial<Record<Action, number>> => ({
  ...WEIGHTS,
  type: TEXT.some((t) => t.step === step) ? WEIGHTS.type : 0,
  toggle: MULTI.some((m) => m.step === step) ? WEIGHTS.toggle : 0,
  next: step < 7 ? WEIGHTS.next : 0,
  previous: step > 1 ? WEIGHTS.previous : 0,
  refused: step === 1 ? WEIGHTS.refused : 0,
  tabBursts: TEXT.some((t) => t.step === step && t.kind === 'text') ? WEIGHTS.tabBursts : 0,
  deviceBursts: TEXT.some((t) => t.step === step && t.kind === 'text') ? WEIGHTS.deviceBursts : 0,
});
export function valueFor(run: Run, def: TextDef): Scalar {
  switch (def.kind) {
    case 'email':
      return run.values.email();
    case 'tel':
      return run.values.phone();
    case 'url':
      return run.values.url();
    case 'offices':
      return run.values.unique(1, 10_000);
    default:
      return run.values.text(def.label.split(' ')[0]!);
  }
}
