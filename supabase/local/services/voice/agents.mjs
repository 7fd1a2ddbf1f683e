// @ts-check
// The agents of the local voice account, and the key its API takes.
import { randomBytes } from 'node:crypto';

/** The local agents: `local-<name>`, named by the persona table of src/lib/personas.ts. */
export const VOICE_AGENTS = Object.freeze([
  'local-chloe',
  'local-sarah',
  'local-archer',
  'local-joanne',
  'local-kerry',
  'local-sandra',
  'local-norman',
]);

/** Norman's agent: private, as the real one is (ADR 009): only a signed URL opens it. */
export const NORMAN_AGENT = 'local-norman';

/** Every agent of the (local) account: the personas, and one the product must not reach. */
export const ACCOUNT_AGENTS = Object.freeze([...VOICE_AGENTS, 'local-internal']);

/**
 * Agents with authentication turned on: a conversation needs a signed URL. The real service
 * refuses a bare `?agent_id=` for those the same way it refuses a bad signature.
 */
export const PRIVATE_AGENTS = Object.freeze([NORMAN_AGENT, 'local-internal']);

/** 'local-chloe' → 'Chloe'. @param {string} agentId */
export const personaOf = (agentId) => {
  const name = agentId.replace(/^local-/, '');
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/** The key: ELEVENLABS_API_KEY when set, else a new random one per start. @param {NodeJS.ProcessEnv} [env] */
export function voiceApiKey(env = process.env) {
  return env.ELEVENLABS_API_KEY?.trim() || `sk_local_${randomBytes(24).toString('hex')}`;
}
