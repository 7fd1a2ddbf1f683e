// Who is calling: a signed-in user's access token, checked by the auth service itself (so a token
// of a deleted user or an ended session is refused too). The anon or service-role key is not a user.
import { createClient, type User } from 'npm:@supabase/supabase-js@2';
import { failure } from './http.ts';
import { publicKeys, publishableKey } from './keys.ts';
import { logError } from './log.ts';

export type Caller = { ok: true; user: User } | { ok: false; response: Response };

const notSignedIn = () => failure(401, 'not_signed_in', 'Please sign in to use Chloe');
const expired = () => failure(401, 'session_expired', 'Your session has expired. Please sign in again.');

/** The claims of a JWT, unverified (only to tell an API key from a user's token), or null. */
function claimsOf(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const text = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const claims: unknown = JSON.parse(text);
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The signed-in user of `req`, or the 401 (or 503) to answer with. */
export async function requireUser(req: Request): Promise<Caller> {
  const token = req.headers.get('authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (!token) return { ok: false, response: notSignedIn() };
  const claims = claimsOf(token);
  // An API key of either kind (sb_… keys are not JWTs) is nobody signed in.
  if (/^sb_(publishable|secret)_/.test(token) || publicKeys().includes(token)) {
    return { ok: false, response: notSignedIn() };
  }
  if (claims?.role === 'anon' || claims?.role === 'service_role') return { ok: false, response: notSignedIn() };
  if (!claims) return { ok: false, response: expired() };

  const supabase = createClient(Deno.env.get('SUPABASE_URL') ?? '', publishableKey(), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { data, error } = await supabase.auth.getUser(token);
  // An anonymous sign-in (if ever enabled) is not a user of the product.
  if (data.user && !error && !data.user.is_anonymous) return { ok: true, user: data.user };
  if (data.user && !error) return { ok: false, response: notSignedIn() };
  // The auth service could not be asked (down, or answering 5xx): not the caller's fault.
  const status = (error as { status?: number } | null)?.status ?? 0;
  if (error && (status === 0 || status >= 500)) {
    logError(`[auth] the auth service could not check a token (status ${status})`);
    return {
      ok: false,
      response: failure(503, 'auth_unavailable', 'Your sign-in could not be checked. Please try again in a moment.'),
    };
  }
  return { ok: false, response: expired() };
}
