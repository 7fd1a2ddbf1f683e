// extension-session: retired (docs/decisions/031-extension-signs-in-with-the-password.md).
// It made a session for the extension from the caller's access token, with the admin API's magic
// link: any stolen access token became a long-lived session that counts as a recovery, so it
// could set a new password without the current one. /extension-auth now asks for the password and
// signs the extension in with it. An app build from before (a cached copy) is told to reload.
import { failure, unlessPost } from '../_shared/http.ts';

Deno.serve((req) => {
  const notPost = unlessPost(req);
  if (notPost) return notPost;
  return failure(
    410,
    'extension_session_retired',
    'Connecting the extension has changed: reload this page and enter your password.',
  );
});
