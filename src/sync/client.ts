import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../generated/database.types';

/** A Supabase client typed from the generated schema: table, column and RPC names are checked. */
export type DatabaseClient = SupabaseClient<Database>;
