/**
 * Every request to the API leaves nothing in the browser's HTTP cache: a user's answers (their
 * emails, their saved properties) would otherwise stay on a shared tablet's disk after sign-out.
 * Set on the request, so it holds against any server, hosted Supabase included.
 */
export function notStored(next: typeof fetch): typeof fetch {
  return (input, init) => next(input, { ...init, cache: 'no-store' });
}
