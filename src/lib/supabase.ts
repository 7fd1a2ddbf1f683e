import { createClient } from '@supabase/supabase-js';
import type { Database } from '../generated/database.types';
import { supabaseAnonKey, supabaseUrl } from './env';

// Set while this device ends its session without the network (an offline sign-out): the auth
// client's POST /logout is answered here as the auth service answers a token it no longer knows
// (401), which is what makes auth-js drop the stored session. Everything else goes to the network.
let signingOutHere = false;
const LOGOUT_PATH = '/auth/v1/logout';

const appFetch: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (signingOutHere && new URL(url).pathname.endsWith(LOGOUT_PATH)) {
    const body = { code: 401, error_code: 'no_authorization', msg: 'Signed out on this device only' };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 401 }));
  }
  return fetch(input, init);
};

// The one Supabase client of the app: every feature reaches auth, PostgREST and functions through it.
export const supabase = createClient<Database>(supabaseUrl, supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  global: { fetch: appFetch },
});

/**
 * Drops this device's session without asking the auth service (which cannot be reached): the stored
 * tokens go and SIGNED_OUT is emitted, as after a sign-out the service answered.
 */
export async function dropSessionHere(): Promise<void> {
  signingOutHere = true;
  try {
    const { error } = await supabase.auth.signOut({ scope: 'local' });
    if (!error) return;
    // An expired access token, offline: auth-js tries a refresh first, fails to reach the service
    // and keeps the session. Its stored copy goes, then a sign-out with no session emits SIGNED_OUT.
    for (const key of Object.keys(localStorage)) {
      if (/^sb-.+-auth-token(-code-verifier|-user)?$/.test(key)) localStorage.removeItem(key);
    }
    const again = await supabase.auth.signOut({ scope: 'local' });
    if (again.error) throw again.error;
  } finally {
    signingOutHere = false;
  }
}
