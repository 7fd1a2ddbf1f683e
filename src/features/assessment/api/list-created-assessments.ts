import { useCallback } from 'react';
import * as v from 'valibot';
import type { Tables } from '../../../generated/database.types';
import { supabase } from '../../../lib/supabase';
import { useServerQuery, type ServerQuery } from '../../../lib/use-server-query';

export type CreatedAssessment = Tables<'agent_assessments'>;

const creatorSchema = v.pipe(v.string(), v.uuid());

/** The links `userId` created, newest first (RLS lets the creator read them). Online data. */
export async function listCreatedAssessments(userId: string): Promise<CreatedAssessment[]> {
  const { data, error } = await supabase
    .from('agent_assessments')
    .select('*')
    .eq('created_by', v.parse(creatorSchema, userId))
    .eq('_deleted', false)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data;
}

export function useCreatedAssessments(userId: string): ServerQuery<CreatedAssessment[]> {
  return useServerQuery(useCallback(() => listCreatedAssessments(userId), [userId]));
}
