import { useCallback } from 'react';
import type { Tables } from '../../../generated/database.types';
import { supabase } from '../../../lib/supabase';
import type { UserDatabase } from '../../../data/database';
import { useKeptQuery, type KeptQuery } from '../../../data/kept-query';

/** What the creator sees of a link: every column but created_by, which clients may not read. */
export type CreatedAssessment = Omit<Tables<'agent_assessments'>, 'created_by'>;

/** The columns clients may read (migration 20261127000026 grants them one by one). */
const READABLE = [
  'id',
  'token',
  'expires_at',
  'status',
  'completed_at',
  'last_step',
  'agency_name',
  'office_locations',
  'number_of_offices',
  'main_contact_name',
  'main_contact_email',
  'main_contact_phone',
  'website_url',
  'ai_assistant_name',
  'tone_of_voice',
  'preferred_greeting',
  'preferred_signoff',
  'crm_platform',
  'is_crm_cloud_based',
  'uses_lead_tracking',
  'wants_crm_integration',
  'phone_system_provider',
  'is_phone_voip',
  'uses_call_recording',
  'call_routing_method',
  'office_devices',
  'uses_mobile_devices',
  'mobile_device_types',
  'preferred_mobile_communication',
  'property_portals',
  'primary_ai_goals',
  'tracking_outcomes',
  'current_tools',
  'wants_tool_integration',
  'linkedin_handle',
  'twitter_handle',
  'instagram_handle',
  'snapchat_handle',
  'tiktok_handle',
  'facebook_handle',
  'threads_handle',
  'valuation_leads_script',
  'viewing_feedback_script',
  'lettings_repairs_script',
  'mortgage_prequel_script',
  'additional_requirements',
  'created_at',
  'updated_at',
  '_modified',
  '_deleted',
  '_writer',
  '_writer_seq',
] as const satisfies readonly (keyof CreatedAssessment)[];

// A column of the table missing above fails the typecheck here rather than showing as blank.
type Unread = Exclude<keyof CreatedAssessment, (typeof READABLE)[number]>;
const everyColumnRead: [Unread] extends [never] ? true : Unread = true;
void everyColumnRead;

/**
 * The links the signed-in user created, newest first. Without an assessment token the select
 * policy shows a user only the links they made, so no filter on the creator is needed (or
 * possible: the column is not readable). Online data.
 */
export async function listCreatedAssessments(): Promise<CreatedAssessment[]> {
  const { data, error } = await supabase
    .from('agent_assessments')
    .select(READABLE.join(','))
    .eq('_deleted', false)
    .order('created_at', { ascending: false });
  if (error) throw error;
  // The select list is built, so supabase-js cannot type it; READABLE is checked above.
  return data as unknown as CreatedAssessment[];
}

export function useCreatedAssessments(db: UserDatabase | null, userId: string): KeptQuery<CreatedAssessment[]> {
  // userId: a new user is a new list (the query reruns), though the server needs no argument.
  // The last list read is kept on the device: offline it shows, saying when it was loaded.
  return useKeptQuery(
    db,
    'created_assessments',
    useCallback(() => (void userId, listCreatedAssessments()), [userId]),
  );
}
