// Every question of the seven steps (docs/product/assessment.md#questions): one definition drives
// the wizard, the read-only view and the creator's 'View responses'.
import {
  AI_GOALS,
  CALL_ROUTING_METHODS,
  MOBILE_COMMUNICATION,
  MOBILE_DEVICE_TYPES,
  OFFICE_DEVICES,
  PROPERTY_PORTALS,
  TONE_OF_VOICE,
  TRACKING_OUTCOMES,
} from '../../lib/assessment-options';
import type { AgentAssessmentDoc } from '../../data/schemas';
import { MAX_CHARS } from '../../lib/limits';
import { showsMobileQuestions } from './assessment';

export type AnswerKey = Exclude<
  keyof AgentAssessmentDoc,
  | 'id'
  | 'token'
  | 'expires_at'
  | 'status'
  | 'completed_at'
  | 'created_at'
  | 'updated_at'
  | 'serverModified'
  | 'last_step'
>;

export type FieldKind =
  'text' | 'email' | 'tel' | 'url' | 'textarea' | 'offices' | 'yesno' | 'choice' | 'multi' | 'tools';

export interface FieldDef {
  name: AnswerKey;
  label: string;
  kind: FieldKind;
  options?: readonly string[];
  /** Marked with an asterisk as required, but not enforced. */
  marked?: boolean;
  /** Shown only when this returns true for the current answers. */
  when?: (answers: Partial<AgentAssessmentDoc>) => boolean;
}

// The database's bounds (src/lib/limits.ts): the inputs stop there.
const MAX_LENGTH: Partial<Record<AnswerKey, number>> = {
  agency_name: MAX_CHARS.name,
  office_locations: MAX_CHARS.address,
  main_contact_name: MAX_CHARS.name,
  main_contact_email: MAX_CHARS.email,
  main_contact_phone: MAX_CHARS.phone,
  website_url: MAX_CHARS.url,
  ai_assistant_name: MAX_CHARS.name,
  preferred_greeting: MAX_CHARS.phrase,
  preferred_signoff: MAX_CHARS.phrase,
  crm_platform: MAX_CHARS.name,
  phone_system_provider: MAX_CHARS.name,
  current_tools: MAX_CHARS.name,
  linkedin_handle: MAX_CHARS.handle,
  twitter_handle: MAX_CHARS.handle,
  instagram_handle: MAX_CHARS.handle,
  snapchat_handle: MAX_CHARS.handle,
  tiktok_handle: MAX_CHARS.handle,
  facebook_handle: MAX_CHARS.handle,
  threads_handle: MAX_CHARS.handle,
  valuation_leads_script: MAX_CHARS.freeText,
  viewing_feedback_script: MAX_CHARS.freeText,
  lettings_repairs_script: MAX_CHARS.freeText,
  mortgage_prequel_script: MAX_CHARS.freeText,
  additional_requirements: MAX_CHARS.freeText,
};

/** The most characters a text answer (or each tool slot) takes. */
export const maxLengthOf = (def: FieldDef): number | undefined => MAX_LENGTH[def.name];

const mobile = (a: Partial<AgentAssessmentDoc>) => showsMobileQuestions(a.uses_mobile_devices);

export const STEP_FIELDS: FieldDef[][] = [
  [
    { name: 'agency_name', label: 'Agency Name', kind: 'text', marked: true },
    { name: 'office_locations', label: 'Office Locations', kind: 'text' },
    { name: 'number_of_offices', label: 'Number of Offices', kind: 'offices' },
    { name: 'main_contact_name', label: 'Main Contact Name', kind: 'text', marked: true },
    { name: 'main_contact_email', label: 'Main Contact Email', kind: 'email', marked: true },
    { name: 'main_contact_phone', label: 'Main Contact Phone', kind: 'tel', marked: true },
    { name: 'website_url', label: 'Website URL', kind: 'url' },
  ],
  [
    { name: 'ai_assistant_name', label: 'What should your assistant be called?', kind: 'text' },
    { name: 'tone_of_voice', label: 'Tone of voice', kind: 'multi', options: TONE_OF_VOICE },
    { name: 'preferred_greeting', label: 'Preferred greeting', kind: 'textarea' },
    { name: 'preferred_signoff', label: 'Preferred sign-off', kind: 'textarea' },
  ],
  [
    { name: 'crm_platform', label: 'Which CRM do you use?', kind: 'text' },
    { name: 'is_crm_cloud_based', label: 'Is your CRM cloud-based?', kind: 'yesno' },
    { name: 'uses_lead_tracking', label: 'Do you track leads in it?', kind: 'yesno' },
    { name: 'wants_crm_integration', label: 'Should Chloe integrate with your CRM?', kind: 'yesno' },
    { name: 'phone_system_provider', label: 'Phone system provider', kind: 'text' },
    { name: 'is_phone_voip', label: 'Is your phone system VoIP?', kind: 'yesno' },
    { name: 'uses_call_recording', label: 'Do you record calls?', kind: 'yesno' },
    { name: 'call_routing_method', label: 'How are calls routed?', kind: 'choice', options: CALL_ROUTING_METHODS },
    { name: 'office_devices', label: 'Devices in the office', kind: 'multi', options: OFFICE_DEVICES },
    { name: 'uses_mobile_devices', label: 'Does your team use mobile devices for work?', kind: 'yesno' },
    {
      name: 'mobile_device_types',
      label: 'Which mobile devices?',
      kind: 'multi',
      options: MOBILE_DEVICE_TYPES,
      when: mobile,
    },
    {
      name: 'preferred_mobile_communication',
      label: 'Preferred mobile communication',
      kind: 'multi',
      options: MOBILE_COMMUNICATION,
      when: mobile,
    },
  ],
  [
    {
      name: 'property_portals',
      label: 'Which property portals do you list on?',
      kind: 'multi',
      options: PROPERTY_PORTALS,
    },
  ],
  [
    { name: 'primary_ai_goals', label: 'What should Chloe achieve for you?', kind: 'multi', options: AI_GOALS },
    { name: 'tracking_outcomes', label: 'Which outcomes will you track?', kind: 'multi', options: TRACKING_OUTCOMES },
  ],
  [
    { name: 'current_tools', label: 'The tools you use now', kind: 'tools' },
    { name: 'wants_tool_integration', label: 'Should Chloe integrate with these tools?', kind: 'yesno' },
    { name: 'linkedin_handle', label: 'LinkedIn', kind: 'text' },
    { name: 'twitter_handle', label: 'X (Twitter)', kind: 'text' },
    { name: 'instagram_handle', label: 'Instagram', kind: 'text' },
    { name: 'snapchat_handle', label: 'Snapchat', kind: 'text' },
    { name: 'tiktok_handle', label: 'TikTok', kind: 'text' },
    { name: 'facebook_handle', label: 'Facebook', kind: 'text' },
    { name: 'threads_handle', label: 'Threads', kind: 'text' },
  ],
  [
    { name: 'valuation_leads_script', label: 'How should Chloe handle valuation leads?', kind: 'textarea' },
    { name: 'viewing_feedback_script', label: 'How should Chloe collect viewing feedback?', kind: 'textarea' },
    { name: 'lettings_repairs_script', label: 'How should Chloe handle lettings repairs?', kind: 'textarea' },
    { name: 'mortgage_prequel_script', label: 'How should Chloe pre-qualify mortgage leads?', kind: 'textarea' },
    { name: 'additional_requirements', label: 'Anything else Chloe should know or do?', kind: 'textarea' },
  ],
];
