// Shared by the constraint tests (constraints-*.test.ts): the user whose rows they write, and the
// option lists of the assessment form.
import type { SupabaseClient } from '@supabase/supabase-js';
import { deleteUsers, newUser, serviceClient, sql } from '../fixtures';

export interface Owner {
  id: string;
  client: SupabaseClient;
  /** The service role (staff), for what the owner may not do. */
  service: SupabaseClient;
}

/** A signed-up user; the tests write its rows through `client`. */
export async function newOwner(): Promise<Owner> {
  const u = await newUser();
  return { id: u.user.id, client: u.client, service: serviceClient() };
}

/** Removes the owner with its rows (on delete cascade) and the assessment links it created. */
export async function removeOwner(owner: Owner | undefined) {
  if (!owner) return;
  await sql('delete from public.agent_assessments where created_by = $1', [owner.id]);
  await deleteUsers([owner.id]);
}

/** The option lists of docs/product/assessment.md#option-lists, character for character. */
export const OPTIONS = {
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
export const CALL_ROUTING = [
  'Direct to specific agents',
  'Round robin distribution',
  'Queue system',
  'Skills-based routing',
  'Time-based routing',
];
export const YES_NO_FIELDS = [
  'is_crm_cloud_based',
  'uses_lead_tracking',
  'wants_crm_integration',
  'is_phone_voip',
  'uses_call_recording',
  'uses_mobile_devices',
  'wants_tool_integration',
];
