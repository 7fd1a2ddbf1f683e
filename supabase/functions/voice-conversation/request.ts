// What the app may ask of voice-conversation, checked before anything else is done with it.
export const MAX_AGENT_ID = 100;
export const MAX_CONTEXT = 8000;

export type StartConversation = { action: 'start_conversation'; agentId: string; context: string };
export type Parsed = { ok: true; request: StartConversation } | { ok: false; code: string; error: string };

/** The request body, already parsed as JSON. */
export function parseRequest(body: unknown): Parsed {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, code: 'bad_json', error: 'The request body must be a JSON object' };
  }
  const { action, agentId, context } = body as Record<string, unknown>;
  if (action !== 'start_conversation') {
    const named = typeof action === 'string' ? action.slice(0, 100) : String(action ?? '(none)').slice(0, 100);
    return { ok: false, code: 'unknown_action', error: `Unknown action: ${named}` };
  }
  if (typeof agentId !== 'string' || !agentId.trim() || agentId.length > MAX_AGENT_ID) {
    return {
      ok: false,
      code: 'invalid_agent_id',
      error: `agentId must be a text of 1 to ${MAX_AGENT_ID} characters`,
    };
  }
  if (context !== undefined && context !== null && typeof context !== 'string') {
    return { ok: false, code: 'invalid_context', error: 'context must be a text' };
  }
  if (typeof context === 'string' && context.length > MAX_CONTEXT) {
    return {
      ok: false,
      code: 'context_too_long',
      error: `context is ${context.length} characters long; at most ${MAX_CONTEXT} are accepted`,
    };
  }
  return { ok: true, request: { action, agentId: agentId.trim(), context: context ?? '' } };
}
