// Where Google is, for the Gmail functions: every address comes from the function's env, so the
// local stack points them at its Google stand-in and production at Google.

export type GoogleConfig = {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  gmailUrl: string;
};

/**
 * Where Google sends the popup back: a static page of the app (public/gmail-oauth-callback.html)
 * that hands the code to the dashboard. Register `<app origin>` + this path as a redirect URI of
 * the OAuth client, for every origin in APP_ORIGINS.
 */
export const CALLBACK_PATH = '/gmail-oauth-callback.html';

export const redirectUriFor = (appOrigin: string) => `${appOrigin}${CALLBACK_PATH}`;

const trimSlash = (s: string) => s.replace(/\/+$/, '');

/** The Google settings of the function's env; null (and what is missing) without a client. */
export function googleConfig(): { ok: true; config: GoogleConfig } | { ok: false; missing: string } {
  const clientId = Deno.env.get('GOOGLE_CLIENT_ID')?.trim();
  const clientSecret = Deno.env.get('GOOGLE_CLIENT_SECRET')?.trim();
  if (!clientId) return { ok: false, missing: 'GOOGLE_CLIENT_ID' };
  if (!clientSecret) return { ok: false, missing: 'GOOGLE_CLIENT_SECRET' };
  const env = (name: string, fallback: string) => Deno.env.get(name)?.trim() || fallback;
  return {
    ok: true,
    config: {
      clientId,
      clientSecret,
      authUrl: env('GOOGLE_AUTH_URL', 'https://accounts.google.com/o/oauth2/v2/auth'),
      tokenUrl: env('GOOGLE_TOKEN_URL', 'https://oauth2.googleapis.com/token'),
      userinfoUrl: env('GOOGLE_USERINFO_URL', 'https://openidconnect.googleapis.com/v1/userinfo'),
      gmailUrl: trimSlash(env('GMAIL_API_URL', 'https://gmail.googleapis.com')),
    },
  };
}
