// extension-session: a session of its own for the browser extension (ADR 011).
//   POST {} (a signed-in user) → 200 { session }: a new session for the caller, made with the admin
//   API's magic link and used at once. /extension-auth hands it to the extension, which refreshes it
//   itself: the app's own session is never shared (two clients refreshing one session would revoke
//   it), and signing the extension out leaves the app signed in.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { requireUser } from '../_shared/auth.ts';
import { failure, json, readJson, unlessPost } from '../_shared/http.ts';
import { logError, logInfo } from '../_shared/log.ts';
import { serviceClient } from '../_shared/service.ts';
import { publishableKey } from '../_shared/keys.ts';

const MAX_BODY = 1024;

const unavailable = () =>
  failure(503, 'extension_session_unavailable', 'The extension could not be connected right now. Please try again.');

Deno.serve(async (req) => {
  const notPost = unlessPost(req);
  if (notPost) return notPost;
  const caller = await requireUser(req);
  if (!caller.ok) return caller.response;
  const read = await readJson(req, MAX_BODY);
  if (!read.ok) return failure(read.status, read.code, read.error);
  const email = caller.user.email;
  if (!email) return failure(400, 'no_email', 'This account has no email address to connect the extension with');

  const link = await serviceClient().auth.admin.generateLink({ type: 'magiclink', email });
  const tokenHash = link.data?.properties?.hashed_token;
  if (link.error || !tokenHash) {
    logError(`[extension-session] no link for user ${caller.user.id} (${link.error?.code ?? 'no token'})`);
    return unavailable();
  }
  const anon = createClient(Deno.env.get('SUPABASE_URL') ?? '', publishableKey(), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const verified = await anon.auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
  const session = verified.data.session;
  if (verified.error || !session || session.user.id !== caller.user.id) {
    logError(
      `[extension-session] the link did not sign in user ${caller.user.id} (${verified.error?.code ?? 'no session'})`,
    );
    return unavailable();
  }
  logInfo(`[extension-session] user ${caller.user.id}: a session for the extension`);
  return json({
    session: {
      access_token: session.access_token,
      refresh_token: session.refresh_token,
      expires_in: session.expires_in,
      expires_at: session.expires_at,
      token_type: session.token_type,
      user: session.user,
    },
  });
});
