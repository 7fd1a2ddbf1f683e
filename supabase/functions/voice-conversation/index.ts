// voice-conversation: a signed-in user's signed URL for one conversation with a voice agent. The
// voice service's API key (ELEVENLABS_API_KEY) stays here; the app gets a one-use websocket URL.
// POST { action: 'start_conversation', agentId, context? } → 200 { signedUrl, conversationId }.
// The context reaches the agent through the SDK session's dynamic variables; here it is only
// bounded, and only its length is logged.
import { requireUser } from '../_shared/auth.ts';
import { getSignedUrl, voiceServiceConfig, voiceServiceMisconfigured } from '../_shared/elevenlabs.ts';
import { failure, json, preflight } from '../_shared/http.ts';
import { logError, logInfo } from '../_shared/log.ts';
import { parseRequest } from './request.ts';

/** Far above an 8,000-character context and an agent id, even all escaped. */
const MAX_BODY = 64 * 1024;

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') {
    return failure(405, 'method_not_allowed', 'Only POST is accepted', { Allow: 'POST, OPTIONS' });
  }
  const caller = await requireUser(req);
  if (!caller.ok) return caller.response;

  if (Number(req.headers.get('content-length') ?? 0) > MAX_BODY) {
    return failure(413, 'body_too_large', 'The request is too large');
  }
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return failure(400, 'bad_json', 'The request body is not valid JSON');
  }
  const parsed = parseRequest(body);
  if (!parsed.ok) return failure(400, parsed.code, parsed.error);
  const { agentId, context } = parsed.request;
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
    `[voice-conversation] user ${caller.user.id}: ${agentId}, context ${context.length} characters → ${
      result.conversationId ?? 'no conversation id'
    }`,
  );
  return json({ signedUrl: result.signedUrl, conversationId: result.conversationId });
});
