// Requests the service worker must never answer from a cache: the Supabase API (auth, data,
// functions) and the voice service. Data comes from RxDB; these must always be live.
export const API_PATH = /^\/(rest|auth|functions|realtime|storage)\/v1(\/|$)/;
const VOICE_HOSTS = /(^|\.)elevenlabs\.io$/;

export function isNeverCached(url: URL): boolean {
  return API_PATH.test(url.pathname) || VOICE_HOSTS.test(url.hostname);
}
