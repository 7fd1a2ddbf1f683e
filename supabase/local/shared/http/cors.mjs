// @ts-check
// Which browser pages may read the local services' answers.

/** Any page may read it: the local inbox's API, the voice widget script. */
export const ANY_ORIGIN = Object.freeze({ 'access-control-allow-origin': '*' });

/** What hosted Supabase's gateway answers a preflight with (plus the allowed request headers). */
export const SUPABASE_PREFLIGHT = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
  'access-control-max-age': '3600',
});

/** What it adds to every other answer: the same, and the headers a page may read. */
export const SUPABASE_CORS = Object.freeze({
  ...SUPABASE_PREFLIGHT,
  'access-control-expose-headers':
    'Content-Range, Content-Location, Content-Profile, Preference-Applied, X-Supabase-Api-Version, Range-Unit, Link, X-Total-Count, Retry-After',
});

/** The request headers a preflight allows when it does not name its own. */
export const SUPABASE_ALLOW_HEADERS =
  'authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile, x-supabase-api-version, x-assessment-token, x-norman-pass';
