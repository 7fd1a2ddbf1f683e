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
import { ASSESSMENT_LABELS } from '../../data/field-labels';
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
    { name: 'agency_name', label: ASSESSMENT_LABELS.agency_name, kind: 'text', marked: true },
    { name: 'office_locations', label: ASSESSMENT_LABELS.office_locations, kind: 'text' },
    { name: 'number_of_offices', label: ASSESSMENT_LABELS.number_of_offices, kind: 'offices' },
    { name: 'main_contact_name', label: ASSESSMENT_LABELS.main_contact_name, kind: 'text', marked: true },
    { name: 'main_contact_email', label: ASSESSMENT_LABELS.main_contact_email, kind: 'email', marked: true },
    { name: 'main_contact_phone', label: ASSESSMENT_LABELS.main_contact_phone, kind: 'tel', marked: true },
    { name: 'website_url', label: ASSESSMENT_LABELS.website_url, kind: 'url' },
  ],
  [
    { name: 'ai_assistant_name', label: ASSESSMENT_LABELS.ai_assistant_name, kind: 'text' },
    { name: 'tone_of_voice', label: ASSESSMENT_LABELS.tone_of_voice, kind: 'multi', options: TONE_OF_VOICE },
    { name: 'preferred_greeting', label: ASSESSMENT_LABELS.preferred_greeting, kind: 'textarea' },
    { name: 'preferred_signoff', label: ASSESSMENT_LABELS.preferred_signoff, kind: 'textarea' },
  ],
  [
    { name: 'crm_platform', label: ASSESSMENT_LABELS.crm_platform, kind: 'text' },
    { name: 'is_crm_cloud_based', label: ASSESSMENT_LABELS.is_crm_cloud_based, kind: 'yesno' },
    { name: 'uses_lead_tracking', label: ASSESSMENT_LABELS.uses_lead_tracking, kind: 'yesno' },
    { name: 'wants_crm_integration', label: ASSESSMENT_LABELS.wants_crm_integration, kind: 'yesno' },
    { name: 'phone_system_provider', label: ASSESSMENT_LABELS.phone_system_provider, kind: 'text' },
    { name: 'is_phone_voip', label: ASSESSMENT_LABELS.is_phone_voip, kind: 'yesno' },
    { name: 'uses_call_recording', label: ASSESSMENT_LABELS.uses_call_recording, kind: 'yesno' },
    {
      name: 'call_routing_method',
      label: ASSESSMENT_LABELS.call_routing_method,
      kind: 'choice',
      options: CALL_ROUTING_METHODS,
    },
    { name: 'office_devices', label: ASSESSMENT_LABELS.office_devices, kind: 'multi', options: OFFICE_DEVICES },
    { name: 'uses_mobile_devices', label: ASSESSMENT_LABELS.uses_mobile_devices, kind: 'yesno' },
    {
      name: 'mobile_device_types',
      label: ASSESSMENT_LABELS.mobile_device_types,
      kind: 'multi',
      options: MOBILE_DEVICE_TYPES,
      when: mobile,
    },
    {
      name: 'preferred_mobile_communication',
      label: ASSESSMENT_LABELS.preferred_mobile_communication,
      kind: 'multi',
      options: MOBILE_COMMUNICATION,
      when: mobile,
    },
  ],
  [
    {
      name: 'property_portals',
      label: ASSESSMENT_LABELS.property_portals,
      kind: 'multi',
      options: PROPERTY_PORTALS,
    },
  ],
  [
    { name: 'primary_ai_goals', label: ASSESSMENT_LABELS.primary_ai_goals, kind: 'multi', options: AI_GOALS },
    {
      name: 'tracking_outcomes',
      label: ASSESSMENT_LABELS.tracking_outcomes,
      kind: 'multi',
      options: TRACKING_OUTCOMES,
    },
  ],
  [
    { name: 'current_tools', label: ASSESSMENT_LABELS.current_tools, kind: 'tools' },
    { name: 'wants_tool_integration', label: ASSESSMENT_LABELS.wants_tool_integration, kind: 'yesno' },
    { name: 'linkedin_handle', label: ASSESSMENT_LABELS.linkedin_handle, kind: 'text' },
    { name: 'twitter_handle', label: ASSESSMENT_LABELS.twitter_handle, kind: 'text' },
    { name: 'instagram_handle', label: ASSESSMENT_LABELS.instagram_handle, kind: 'text' },
    { name: 'snapchat_handle', label: ASSESSMENT_LABELS.snapchat_handle, kind: 'text' },
    { name: 'tiktok_handle', label: ASSESSMENT_LABELS.tiktok_handle, kind: 'text' },
    { name: 'facebook_handle', label: ASSESSMENT_LABELS.facebook_handle, kind: 'text' },
    { name: 'threads_handle', label: ASSESSMENT_LABELS.threads_handle, kind: 'text' },
  ],
  [
    { name: 'valuation_leads_script', label: ASSESSMENT_LABELS.valuation_leads_script, kind: 'textarea' },
    { name: 'viewing_feedback_script', label: ASSESSMENT_LABELS.viewing_feedback_script, kind: 'textarea' },
    { name: 'lettings_repairs_script', label: ASSESSMENT_LABELS.lettings_repairs_script, kind: 'textarea' },
    { name: 'mortgage_prequel_script', label: ASSESSMENT_LABELS.mortgage_prequel_script, kind: 'textarea' },
    { name: 'additional_requirements', label: ASSESSMENT_LABELS.additional_requirements, kind: 'textarea' },
  ],
];
