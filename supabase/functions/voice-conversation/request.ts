// What the app may ask of voice-conversation, checked before anything else is done with it.
import { readJson } from '../_shared/http.ts';

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

export type Asked =
  { ok: true; request: StartConversation } | { ok: false; status: number; code: string; error: string };

/** The request's body (at most `maxBytes`), read and checked: the request, or the answer to refuse it with. */
export async function readRequest(req: Request, maxBytes: number): Promise<Asked> {
  const read = await readJson(req, maxBytes);
  if (!read.ok) return read;
  const parsed = parseRequest(read.body);
  return parsed.ok ? parsed : { ok: false, status: 400, code: parsed.code, error: parsed.error };
}
