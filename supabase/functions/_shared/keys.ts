// The project's API keys, as the functions' env carries them (docs/decisions/025-api-keys-and-grants.md).
// Hosted gives both kinds: the new SUPABASE_PUBLISHABLE_KEYS and SUPABASE_SECRET_KEYS (JSON
// dictionaries of named keys, `{"default": "sb_secret_…"}`) and, while the project still has them,
// the legacy SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY (JWTs). Calls use a new key when there
// is one (it keeps working once the legacy keys are turned off); a caller may present either kind.

const env = (name: string) => Deno.env.get(name)?.trim() ?? '';

/** The keys of a JSON dictionary in `name`, 'default' first; none when unset or malformed. */
function namedKeys(name: string): string[] {
  const raw = env(name);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
    const entries = Object.entries(parsed as Record<string, unknown>).sort(([a], [b]) =>
      a === 'default' ? -1 : b === 'default' ? 1 : 0,
    );
    return entries.map(([, v]) => v).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  } catch {
    return [];
  }
}

/** The key a function calls the API with as the public (RLS-bound) client ('' when none). */
export const publishableKey = () => namedKeys('SUPABASE_PUBLISHABLE_KEYS')[0] ?? env('SUPABASE_ANON_KEY');

/** The key a function calls the API with as the service role ('' when none). */
export const secretKey = () => namedKeys('SUPABASE_SECRET_KEYS')[0] ?? env('SUPABASE_SERVICE_ROLE_KEY');

/** Every key that names the service role: a caller presenting one of them is staff or a schedule. */
export const secretKeys = () =>
  [...namedKeys('SUPABASE_SECRET_KEYS'), env('SUPABASE_SERVICE_ROLE_KEY')].filter(Boolean);

/** Every key a browser may hold: presented as a bearer, it is no signed-in user. */
export const publicKeys = () => [...namedKeys('SUPABASE_PUBLISHABLE_KEYS'), env('SUPABASE_ANON_KEY')].filter(Boolean);

/**
 * What the functions sign their own short-lived values with (Norman's pass, the Gmail consent's
 * state): the legacy service-role key while the env has it (values signed before a switch stay
 * valid), else the default secret key. '' when neither is set.
 */
export const signingSecret = () => env('SUPABASE_SERVICE_ROLE_KEY') || (namedKeys('SUPABASE_SECRET_KEYS')[0] ?? '');

/** How the env names a missing signing secret in a log line. */
export const SIGNING_SECRET_NAMES = 'SUPABASE_SECRET_KEYS (or SUPABASE_SERVICE_ROLE_KEY)';
