// The one call to the voice service (ElevenLabs Conversational AI, or the local stand-in at
// ELEVENLABS_API_URL): a signed websocket URL for one conversation with an agent. The API key goes
// in the `xi-api-key` header and nowhere else: never into an answer, a header or a log line.
import { logError } from './log.ts';

export const DEFAULT_ELEVENLABS_API_URL = 'https://api.elevenlabs.io';
const TIMEOUT_MS = 8000;

/** Why there is no signed URL: the status, code and words to answer the app with. */
export type VoiceFailure = { ok: false; status: number; code: string; error: string };
export type SignedUrlResult = { ok: true; signedUrl: string; conversationId: string | null } | VoiceFailure;

const unavailable = (): VoiceFailure => ({
  ok: false,
  status: 502,
  code: 'voice_service_unavailable',
  error: 'The voice service is not available. Please try again in a moment.',
});
/** No key, or a key the service refuses: the server's fault, said without the key. */
export const voiceServiceMisconfigured = (): VoiceFailure => ({
  ok: false,
  status: 500,
  code: 'voice_service_misconfigured',
  error: 'The voice service is not set up correctly on the server. Please try again later.',
});
const noSignedUrl = (): VoiceFailure => ({
  ok: false,
  status: 502,
  code: 'no_signed_url',
  error: 'No signed URL received from server',
});

/** ELEVENLABS_API_KEY and ELEVENLABS_API_URL from the function's env; null without a key. */
export function voiceServiceConfig(): { apiKey: string; apiUrl: string } | null {
  const apiKey = Deno.env.get('ELEVENLABS_API_KEY')?.trim();
  if (!apiKey) return null;
  const apiUrl = Deno.env.get('ELEVENLABS_API_URL')?.trim() || DEFAULT_ELEVENLABS_API_URL;
  return { apiKey, apiUrl: apiUrl.replace(/\/+$/, '') };
}

/** GET /v1/convai/conversation/get-signed-url for `agentId`, with the conversation id. */
export async function getSignedUrl(opts: {
  apiUrl: string;
  apiKey: string;
  agentId: string;
}): Promise<SignedUrlResult> {
  const url = new URL(`${opts.apiUrl}/v1/convai/conversation/get-signed-url`);
  url.searchParams.set('agent_id', opts.agentId);
  url.searchParams.set('include_conversation_id', 'true');
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'xi-api-key': opts.apiKey, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    logError(`[voice] the voice service could not be reached (${name})`);
    return unavailable();
  }
  // The service's own words are not passed on: only what they mean for the caller.
  if (!response.ok) {
    await response.body?.cancel();
    logError(`[voice] the voice service answered ${response.status}`);
    if (response.status === 401 || response.status === 403) return voiceServiceMisconfigured();
    if (response.status === 404) return { ok: false, status: 400, code: 'unknown_agent', error: 'Unknown voice agent' };
    if (response.status === 422) {
      return { ok: false, status: 400, code: 'invalid_agent_id', error: 'The voice agent id is not valid' };
    }
    return unavailable();
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return noSignedUrl();
  }
  const reply = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const signedUrl = reply.signed_url;
  if (typeof signedUrl !== 'string' || !/^wss?:\/\//i.test(signedUrl)) return noSignedUrl();
  let inUrl: string | null;
  try {
    inUrl = new URL(signedUrl).searchParams.get('conversation_id');
  } catch {
    return noSignedUrl();
  }
  const inReply = typeof reply.conversation_id === 'string' ? reply.conversation_id : null;
  return { ok: true, signedUrl, conversationId: inUrl || inReply || null };
}
