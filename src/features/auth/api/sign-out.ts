import { supabase } from '../../../lib/supabase';

/** Ends the session with the auth service; the returned error (if any) keeps the user signed in. */
export async function signOut(): Promise<{ error: { message: string } | null }> {
  const { error } = await supabase.auth.signOut();
  return { error };
}
