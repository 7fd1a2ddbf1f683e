import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import type { Database } from '../generated/database.types';
import { supabaseAnonKey, supabaseUrl } from './env';
import { keepingPushes } from './keep-pushes';
import { notStored } from './no-store';

/**
 * A client for one assessment link. There is no account: the token travels as the
 * `x-assessment-token` header, which the RLS policies read (supabase/migrations/…_agent_assessments.sql). It keeps
 * no session of its own, so it never touches the signed-in user's.
 */
export function createAssessmentClient(
  token: string,
  options: SupabaseClientOptions<'public'> = {},
  url: string = supabaseUrl,
  anonKey: string = supabaseAnonKey,
): SupabaseClient<Database> {
  return createClient<Database>(url, anonKey, {
    ...options,
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: 'chloe-assessment' },
    global: {
      ...options.global,
      fetch: notStored(keepingPushes(() => options.global?.fetch ?? globalThis.fetch)),
      headers: { ...options.global?.headers, 'x-assessment-token': token },
    },
  });
}
