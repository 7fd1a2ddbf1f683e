import { createClient, type Session, type SupabaseClient, type User } from '@supabase/supabase-js';
import { describeAuthError } from '../../../lib/auth-rules';
import { supabaseAnonKey, supabaseUrl } from '../../../lib/env';
import { notStored } from '../../../lib/no-store';
import { needsConnection } from '../../../lib/online';

export type ExtensionSession = { ok: true; session: Session } | { ok: false; message: string };

const OFFLINE = needsConnection('Connecting the extension');

// Its own auth client, kept in memory only: the session it signs in is the extension's, never
// stored by the page, and the page's own session is left as it is.
let client: SupabaseClient | null = null;
const connectClient = () =>
  (client ??= createClient(supabaseUrl, supabaseAnonKey, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: 'chloe-extension-connect',
    },
    global: { fetch: notStored((input, init) => fetch(input, init)) },
  }));

/**
 * A session of the extension's own for the signed-in user, signed in with their password
 * (docs/decisions/031-extension-signs-in-with-the-password.md): a password session, which cannot
 * change the password without the current one. Minting one from the page's access token let a
 * stolen token become a long-lived session that could (a magic-link session counts as a
 * recovery). The app's own session is never handed over, so the two refresh apart.
 */
export async function requestExtensionSession(user: User, password: string): Promise<ExtensionSession> {
  if (!user.email) return { ok: false, message: 'This account has no email address to sign the extension in with.' };
  if (!navigator.onLine) return { ok: false, message: OFFLINE };
  try {
    const { data, error } = await connectClient().auth.signInWithPassword({ email: user.email, password });
    if (error) return { ok: false, message: describeAuthError(error, OFFLINE) };
    if (data.session.user.id !== user.id) {
      return { ok: false, message: 'That sign-in is another account’s. Please try again.' };
    }
    return { ok: true, session: data.session };
  } catch (error) {
    return { ok: false, message: describeAuthError(error, OFFLINE) };
  }
}
