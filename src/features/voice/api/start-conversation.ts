import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
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
 * Asks the voice-conversation function for a signed URL (spec §7); never throws. Norman's private
 * agent takes the pass the norman-access function signed instead of a user.
 */
export async function requestSignedUrl(
  agentId: string,
  context: string,
  options: { normanPass?: string } = {},
): Promise<StartReply> {
  const result = await supabase.functions.invoke<{ signedUrl?: unknown; conversationId?: unknown }>(
    'voice-conversation',
    {
      body: { action: 'start_conversation', agentId, context },
      ...(options.normanPass ? { headers: { 'x-norman-pass': options.normanPass } } : {}),
    },
  );
  // supabase-js types the error as any: it is one of its Functions*Error classes.
  const error: unknown = result.error;
  const data = result.data;
  if (error) return replyOfError(error);
  if (!data || typeof data.signedUrl !== 'string' || !data.signedUrl) {
    return { ok: false, kind: 'refused', message: NO_SIGNED_URL };
  }
  return {
    ok: true,
    signedUrl: data.signedUrl,
    conversationId: typeof data.conversationId === 'string' ? data.conversationId : null,
  };
}

async function replyOfError(error: unknown): Promise<StartReply> {
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const body = (await response.json().catch(() => null)) as {
      error?: unknown;
      message?: unknown;
      code?: unknown;
    } | null;
    const said = typeof body?.error === 'string' ? body.error : typeof body?.message === 'string' ? body.message : '';
    if (response.status === 401 && (body?.code === 'norman_pass_required' || body?.code === 'norman_pass_expired')) {
      return { ok: false, kind: 'norman-pass', message: said };
    }
    if (response.status === 401 && body?.code === 'not_signed_in') {
      return { ok: false, kind: 'signed-out', message: said };
    }
    if (response.status === 401) return { ok: false, kind: 'auth', message: said || 'Unauthorized' };
    return { ok: false, kind: 'refused', message: said || `The voice service answered ${response.status}` };
  }
  if (error instanceof FunctionsFetchError || error instanceof FunctionsRelayError) {
    return { ok: false, kind: 'network', message: error.message };
  }
  return { ok: false, kind: 'refused', message: error instanceof Error ? error.message : String(error) };
}

/** A new access token from the refresh token: 'ok', or why not (spec §8's words). */
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
