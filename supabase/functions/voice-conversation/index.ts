// voice-conversation: a signed URL for one conversation with a voice agent. The voice service's
// API key (ELEVENLABS_API_KEY) stays here; the app gets a one-use websocket URL.
// POST { action: 'start_conversation', agentId, context? } → 200 { signedUrl, conversationId }.
// Who may ask: a signed-in user, for any of the product's agents but Norman's. Norman's agent
// (NORMAN_AGENT_ID) is private (ADR 009): only the pass norman-access signs, sent as
// `x-norman-pass`, opens it, signed in or not; a user without one gets nothing.
// The context reaches the agent through the SDK session's dynamic variables; here it is only
// bounded, and only its length is logged.
import { requireUser } from '../_shared/auth.ts';
import { getSignedUrl, voiceServiceConfig, voiceServiceMisconfigured } from '../_shared/elevenlabs.ts';
import { failure, json, unlessPost } from '../_shared/http.ts';
import { logError, logInfo } from '../_shared/log.ts';
import { checkPass, normanSecrets } from '../_shared/norman-pass.ts';
import { readRequest } from './request.ts';

/** Far above an 8,000-character context and an agent id, even all escaped. */
const MAX_BODY = 64 * 1024;

/** Norman's agent asks for the pass, not a user: null when the pass is good, else the answer. */
async function refuseWithoutPass(req: Request): Promise<Response | null> {
  const config = normanSecrets();
  if (!config.ok) {
    logError(`[voice-conversation] ${config.missing} is not set: no Norman pass can be checked`);
    return failure(503, 'norman_unavailable', 'Norman is not available right now');
  }
  const check = await checkPass(config.secrets, req.headers.get('x-norman-pass'));
  if (check === 'expired') {
    return failure(401, 'norman_pass_expired', 'Your access to Norman has expired. Enter the password again.');
  }
  if (check !== 'valid') return failure(401, 'norman_pass_required', 'Enter the Norman password to talk to Norman');
  return null;
}

Deno.serve(async (req) => {
  const notPost = unlessPost(req);
  if (notPost) return notPost;
  // Read first: whether a user is needed depends on the agent asked for.
  const asked = await readRequest(req, MAX_BODY);
  const normanAgent = Deno.env.get('NORMAN_AGENT_ID')?.trim();
  const forNorman = Boolean(normanAgent) && asked.ok && asked.request.agentId === normanAgent;

  let caller: string;
  if (forNorman) {
    const refused = await refuseWithoutPass(req);
    if (refused) return refused;
    caller = 'a Norman pass';
  } else {
    // Everything else, a malformed request included, is for signed-in users only, as before.
    const user = await requireUser(req);
    if (!user.ok) return user.response;
    caller = `user ${user.user.id}`;
  }
  if (!asked.ok) return failure(asked.status, asked.code, asked.error);
  const { agentId, context } = asked.request;
  // Only the product's personas: a signed-in user may not mint calls with any agent of the account.
  const allowed = (Deno.env.get('ELEVENLABS_AGENT_IDS') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (allowed.length && !allowed.includes(agentId)) {
    return failure(400, 'unknown_agent', 'Unknown voice agent');
  }

  const config = voiceServiceConfig();
  if (!config) {
    logError('[voice-conversation] ELEVENLABS_API_KEY is not set');
    const { status, code, error } = voiceServiceMisconfigured();
    return failure(status, code, error);
  }
  const result = await getSignedUrl({ ...config, agentId });
  if (!result.ok) return failure(result.status, result.code, result.error);
  logInfo(
    `[voice-conversation] ${caller}: ${agentId}, context ${context.length} characters → ${
      result.conversationId ?? 'no conversation id'
    }`,
  );
  return json({ signedUrl: result.signedUrl, conversationId: result.conversationId });
});
