// Each synced field's label as its form shows it: one source for the form and for every sentence
// about the field away from it (Sync details, the dashboard), so a value set aside is named as
// the person saw it ('Main Contact Name'), never by its column ('main_contact_name').

export const SUBSCRIPTION_LABELS = {
  subscriber_name: 'Full name',
  subscriber_email: 'Email',
  subscriber_address: 'Address',
  subscriber_phone: 'Phone (optional)',
  number_of_shares: 'Number of shares',
  signature_data: 'Signature',
  signature_method: 'Signature',
  signature_name: 'Signature',
} as const;

export const ASSESSMENT_LABELS = {
  agency_name: 'Agency Name',
  office_locations: 'Office Locations',
  number_of_offices: 'Number of Offices',
  main_contact_name: 'Main Contact Name',
  main_contact_email: 'Main Contact Email',
  main_contact_phone: 'Main Contact Phone',
  website_url: 'Website URL',
  ai_assistant_name: 'What should your assistant be called?',
  tone_of_voice: 'Tone of voice',
  preferred_greeting: 'Preferred greeting',
  preferred_signoff: 'Preferred sign-off',
  crm_platform: 'Which CRM do you use?',
  is_crm_cloud_based: 'Is your CRM cloud-based?',
  uses_lead_tracking: 'Do you track leads in it?',
  wants_crm_integration: 'Should Chloe integrate with your CRM?',
  phone_system_provider: 'Phone system provider',
  is_phone_voip: 'Is your phone system VoIP?',
  uses_call_recording: 'Do you record calls?',
  call_routing_method: 'How are calls routed?',
  office_devices: 'Devices in the office',
  uses_mobile_devices: 'Does your team use mobile devices for work?',
  mobile_device_types: 'Which mobile devices?',
  preferred_mobile_communication: 'Preferred mobile communication',
  property_portals: 'Which property portals do you list on?',
  primary_ai_goals: 'What should Chloe achieve for you?',
  tracking_outcomes: 'Which outcomes will you track?',
  current_tools: 'The tools you use now',
  wants_tool_integration: 'Should Chloe integrate with these tools?',
  linkedin_handle: 'LinkedIn',
  twitter_handle: 'X (Twitter)',
  instagram_handle: 'Instagram',
  snapchat_handle: 'Snapchat',
  tiktok_handle: 'TikTok',
  facebook_handle: 'Facebook',
  threads_handle: 'Threads',
  valuation_leads_script: 'How should Chloe handle valuation leads?',
  viewing_feedback_script: 'How should Chloe collect viewing feedback?',
  lettings_repairs_script: 'How should Chloe handle lettings repairs?',
  mortgage_prequel_script: 'How should Chloe pre-qualify mortgage leads?',
  additional_requirements: 'Anything else Chloe should know or do?',
} as const;

const BY_TABLE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  share_subscriptions: SUBSCRIPTION_LABELS,
  agent_assessments: ASSESSMENT_LABELS,
};

/** A field's label on screen; a field no form shows, in words ('key_features' is 'Key features'). */
export function fieldLabel(table: string, field: string): string {
  const label = BY_TABLE[table]?.[field];
  if (label) return label;
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
