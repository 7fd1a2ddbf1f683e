// Requests the service worker must never answer from a cache: the Supabase API (auth, data,
// functions) and the voice service. Data comes from RxDB; these must always be live.
export const API_PATH = /^\/(rest|auth|functions|realtime|storage)\/v1(\/|$)/;
/**
 * Where Google sends the Gmail sign-in popup back, with its answer in the query: always the page
 * from the network, never the app shell (the SPA would draw its 404 for it). Matched, as Workbox's
 * NavigationRoute matches its denylist, against the path and the query.
 */
export const OAUTH_CALLBACK_PATH = /^\/gmail-oauth-callback\.html(\?|$)/;
const VOICE_HOSTS = /(^|\.)elevenlabs\.io$/;

export function isNeverCached(url: URL): boolean {
  return API_PATH.test(url.pathname) || VOICE_HOSTS.test(url.hostname);
}
