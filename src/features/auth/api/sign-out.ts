import type { AuthError } from '@supabase/supabase-js';
import { supabase } from '../../../lib/supabase';

/** Ends the session with the auth service; an error (offline, say) leaves the user signed in. */
export async function signOut(): Promise<{ error: AuthError | null }> {
  const { error } = await supabase.auth.signOut();
  return { error };
}
