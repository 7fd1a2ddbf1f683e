import { invokeFunction, type InvokeFailure } from '../../../lib/invoke';
import { supabase } from '../../../lib/supabase';

/** What one call of the voice-conversation function came to. */
export type StartReply =
  | { ok: true; signedUrl: string; conversationId: string | null }
  /** The token was refused (401): refreshing the session may help. */
  | { ok: false; kind: 'auth'; message: string }
  /** No user session went with the call (the anon key): signed out, e.g. in another tab. */
  | { ok: false; kind: 'signed-out'; message: string }
  /** The function could not be reached (offline, DNS, a dropped connection). */
  | { ok: false; kind: 'network'; message: string }
  /** Norman's pass was missing, wrong or expired: the password must be entered again. */
  | { ok: false; kind: 'norman-pass'; message: string }
  | { ok: false; kind: 'refused'; message: string };

const NO_SIGNED_URL = 'No signed URL received from server';

/**
 * Asks the voice-conversation function for a signed URL (docs/product/voice.md#starting); never
 * throws. Norman's private agent takes the pass the norman-access function signed instead of a
 * user.
 */
export async function requestSignedUrl(
  agentId: string,
  context: string,
  options: { normanPass?: string } = {},
): Promise<StartReply> {
  const result = await invokeFunction<{ signedUrl?: unknown; conversationId?: unknown } | null>(
    'voice-conversation',
    { action: 'start_conversation', agentId, context },
    options.normanPass ? { 'x-norman-pass': options.normanPass } : undefined,
  );
  if (!result.ok) return replyOfFailure(result);
  const data = result.data;
  if (!data || typeof data.signedUrl !== 'string' || !data.signedUrl) {
    return { ok: false, kind: 'refused', message: NO_SIGNED_URL };
  }
  return {
    ok: true,
    signedUrl: data.signedUrl,
    conversationId: typeof data.conversationId === 'string' ? data.conversationId : null,
  };
}

function replyOfFailure(failure: InvokeFailure): StartReply {
  if (failure.kind === 'network') return { ok: false, kind: 'network', message: failure.message };
  if (failure.kind === 'error') return { ok: false, kind: 'refused', message: failure.message };
  const { status, code, said } = failure;
  if (status === 401 && (code === 'norman_pass_required' || code === 'norman_pass_expired')) {
    return { ok: false, kind: 'norman-pass', message: said };
  }
  if (status === 401 && code === 'not_signed_in') return { ok: false, kind: 'signed-out', message: said };
  if (status === 401) return { ok: false, kind: 'auth', message: said || 'Unauthorized' };
  return { ok: false, kind: 'refused', message: said || `The voice service answered ${status}` };
}

/** A new access token from the refresh token: 'ok', or why not (docs/product/messages.md#voice). */
export async function refreshVoiceSession(): Promise<{ ok: true } | { ok: false; message: string }> {
  const { data, error } = await supabase.auth.refreshSession();
  if (error) return { ok: false, message: 'Please sign in again' };
  if (!data.session) return { ok: false, message: 'No session after refresh' };
  return { ok: true };
}

/**
 * Whether a user session is stored right now: the client's own answer (it waits for its start-up),
 * not the page's state, which can lag a reload by a moment.
 */
export async function hasUserSession(): Promise<boolean> {
  const { data } = await supabase.auth.getSession();
  return data.session !== null;
}
