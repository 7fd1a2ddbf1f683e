import { voiceOrigin } from '../../lib/env';
import { logError } from '../../lib/log';
import { clearNormanPass, normanPass } from '../../lib/norman-pass';
import type { Persona } from '../../lib/personas';
import { guestPrompt, type VoiceContext } from './voice-context';
import { VoiceStartError } from './voice-rules';

// Where a call connects to and what the agent is told, for each kind of caller: Norman's pass,
// a signed-in user (a signed URL from the voice-conversation function) or a guest (the public agent).

/** The function's words for a pass that ran out, also used when this device already knows it has. */
const NORMAN_PASS_EXPIRED = 'Your access to Norman has expired. Enter the password again.';

/** Where a guest is, for the agent's prompt. */
const pageName = (pathname: string) =>
  pathname === '/' || pathname === '/conversation' ? 'the home page' : `the page ${pathname}`;

export interface CallTarget {
  signedUrl: string;
  /** The conversation the server opened; undefined when only the connection will tell (a guest). */
  conversationId?: string | null;
  dynamicVariables?: Record<string, string>;
  /** The agent's prompt, for a guest. */
  prompt?: string;
}

export interface CallTargetOptions {
  signedIn: boolean;
  userName?: string | null | undefined;
  loadContext: () => Promise<VoiceContext>;
  /** Whether this start is still the current one: false once End (or another start) overtook it. */
  current: () => boolean;
}

/**
 * The signed URL (and what goes with it) for a call with `who`; null when the start was overtaken
 * on the way. A refusal throws a VoiceStartError.
 */
export async function callTarget(
  who: Persona,
  { signedIn, userName, loadContext, current }: CallTargetOptions,
): Promise<CallTarget | null> {
  // The client's stored session decides, not the page's state (a moment behind after a reload).
  // The server calls (and supabase-js with them) arrive with the first call, not the first page.
  const { hasUserSession, refreshVoiceSession, requestSignedUrl, startSignedIn } = await import('./start-call');
  const asUser = who.role !== 'operations' && (signedIn || (await hasUserSession()));
  if (!current()) return null;
  if (who.role === 'operations') {
    // Norman's agent is private: the pass from the norman-access function, not a user, opens it.
    const pass = normanPass();
    if (!pass) {
      clearNormanPass(NORMAN_PASS_EXPIRED);
      throw new VoiceStartError({ kind: 'other', message: NORMAN_PASS_EXPIRED });
    }
    const reply = await requestSignedUrl(who.agentId, '', { normanPass: pass.pass });
    if (!current()) return null;
    if (!reply.ok) {
      if (reply.kind === 'norman-pass') clearNormanPass(reply.message);
      throw new VoiceStartError(
        reply.kind === 'network' ? { kind: 'connection' } : { kind: 'other', message: reply.message },
      );
    }
    return { signedUrl: reply.signedUrl, conversationId: reply.conversationId };
  }
  if (asUser) {
    const context = await loadContext();
    if (!current()) return null;
    const reply = await startSignedIn({
      request: () => requestSignedUrl(who.agentId, context.text),
      refresh: refreshVoiceSession,
      log: (line) => logError(line),
    });
    if (!current()) return null;
    return {
      signedUrl: reply.signedUrl,
      conversationId: reply.conversationId,
      dynamicVariables: {
        user_name: userName ?? '',
        latest_saved_property: context.latestSavedProperty,
        user_context: context.text,
      },
    };
  }
  // A guest talks to the public agent by its id, over the same websocket the SDK would open.
  return {
    signedUrl: `${voiceOrigin}/v1/convai/conversation?agent_id=${encodeURIComponent(who.agentId)}`,
    prompt: guestPrompt(who.name, who.role, pageName(window.location.pathname)),
  };
}
