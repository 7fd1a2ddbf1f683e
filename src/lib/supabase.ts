import { createClient } from '@supabase/supabase-js';
import type { Database } from '../generated/database.types';
import { supabaseAnonKey, supabaseUrl } from './env';

// The one Supabase client of the app: every feature reaches auth, PostgREST and functions through it.
export const supabase = createClient<Database>(supabaseUrl, supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
});
