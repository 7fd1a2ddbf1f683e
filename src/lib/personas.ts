// Who speaks on which page (docs/product/voice.md#personas): the one table the voice button, the
// demo and agent pages and Norman read. Agent ids are configuration (VITE_VOICE_AGENT_<NAME>); the
// defaults are the local voice service's agents.

export type PersonaId = 'chloe' | 'sarah' | 'archer' | 'joanne' | 'kerry' | 'sandra' | 'norman';

export interface Persona {
  id: PersonaId;
  /** The name the assistant goes by: 'Talk to {name}'. */
  name: string;
  /** The voice service's agent. */
  agentId: string;
  /** What the assistant is, for the connected toast and the guest prompt. */
  role: 'property' | 'operations';
}

const env = import.meta.env;

export const PERSONAS: Record<PersonaId, Persona> = {
  chloe: { id: 'chloe', name: 'Chloe', agentId: env.VITE_VOICE_AGENT_CHLOE || 'local-chloe', role: 'property' },
  sarah: { id: 'sarah', name: 'Sarah', agentId: env.VITE_VOICE_AGENT_SARAH || 'local-sarah', role: 'property' },
  archer: { id: 'archer', name: 'Archer', agentId: env.VITE_VOICE_AGENT_ARCHER || 'local-archer', role: 'property' },
  joanne: { id: 'joanne', name: 'Joanne', agentId: env.VITE_VOICE_AGENT_JOANNE || 'local-joanne', role: 'property' },
  kerry: { id: 'kerry', name: 'Kerry', agentId: env.VITE_VOICE_AGENT_KERRY || 'local-kerry', role: 'property' },
  sandra: { id: 'sandra', name: 'Sandra', agentId: env.VITE_VOICE_AGENT_SANDRA || 'local-sandra', role: 'property' },
  norman: { id: 'norman', name: 'Norman', agentId: env.VITE_VOICE_AGENT_NORMAN || 'local-norman', role: 'operations' },
};

/** Every path not listed is Chloe's. */
export const PERSONA_BY_PATH: Readonly<Record<string, PersonaId>> = {
  '/demo/haus&haus': 'sarah',
  '/demo-hawes-co': 'sarah',
  '/cornerstone-estate-agents': 'sarah',
  '/winkworths': 'sarah',
  '/demo/oval-real-estate': 'archer',
  '/demo/london-nightly': 'joanne',
  '/demo-yopa': 'kerry',
  '/we-can-properties': 'sandra',
  '/norman': 'norman',
};

/** The persona of a path as the browser reports it (percent-encoded, maybe with a trailing slash). */
export function personaForPath(pathname: string): Persona {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is just an unknown path: Chloe.
  }
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return PERSONAS[PERSONA_BY_PATH[path.toLowerCase()] ?? 'chloe'];
}
