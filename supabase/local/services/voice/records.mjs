// @ts-check
// What the voice service remembers, in memory and bounded: the signed URLs it issued and the
// conversations it held (what each received and answered, for `GET /_local/conversations`).
import { randomBytes } from 'node:crypto';
import { personaOf } from './agents.mjs';

const SIGNATURE_TTL_MS = 15 * 60 * 1000;
const MAX_SIGNATURES = 10_000;
const KEEP_CONVERSATIONS = 200;
/** How many of each kind of item (messages, updates, turns…) one conversation keeps. */
export const KEEP_ITEMS = 200;

/** @param {number} bytes */
export const randomId = (bytes) => randomBytes(bytes).toString('hex');

/**
 * One conversation, as `GET /_local/conversations/:id` shows it.
 * @typedef {{
 *   conversationId: string, agentId: string, persona: string, signed: boolean,
 *   status: 'open' | 'closed', startedAt: string, closedAt: string | null, closeCode: number | null,
 *   initiation: null | {
 *     overrides: unknown, dynamicVariables: Record<string, unknown> | null, userId: string | null,
 *     textOnly: boolean,
 *   },
 *   userMessages: string[], contextualUpdates: string[], userActivity: number,
 *   feedback: { score: string | null, eventId: number | null }[], pongs: number, audioBytes: number,
 *   transcripts: string[], agentResponses: { eventId: number, text: string, audioBytes: number }[],
 *   errors: string[],
 * }} ConversationRecord
 */

/** A conversation just opened. @param {string} conversationId @param {string} agentId @param {boolean} signed @returns {ConversationRecord} */
export const newRecord = (conversationId, agentId, signed) => ({
  conversationId,
  agentId,
  persona: personaOf(agentId),
  signed,
  status: 'open',
  startedAt: new Date().toISOString(),
  closedAt: null,
  closeCode: null,
  initiation: null,
  userMessages: [],
  contextualUpdates: [],
  userActivity: 0,
  feedback: [],
  pongs: 0,
  audioBytes: 0,
  transcripts: [],
  agentResponses: [],
  errors: [],
});

export function createRecords() {
  /** @type {Map<string, { agentId: string, conversationId: string, expiresAt: number, used: boolean }>} */
  const signatures = new Map();
  /** @type {Map<string, ConversationRecord>} */
  const conversations = new Map();

  return {
    /**
     * A new one-use signature for `agentId` and the conversation id it opens, or null when 10,000
     * unused ones are still valid.
     * @param {string} agentId
     */
    sign(agentId) {
      const now = Date.now();
      for (const [sig, s] of signatures) if (s.used || s.expiresAt < now) signatures.delete(sig);
      if (signatures.size >= MAX_SIGNATURES) return null;
      const signature = randomId(24);
      const conversationId = `conv_${randomId(12)}`;
      signatures.set(signature, { agentId, conversationId, expiresAt: now + SIGNATURE_TTL_MS, used: false });
      return { signature, conversationId };
    },
    /**
     * The conversation id `signature` was issued with, using the signature up; null when it is
     * unknown, used, older than 15 minutes or for another agent.
     * @param {string} signature @param {string} agentId
     */
    useSignature(signature, agentId) {
      const issued = signatures.get(signature);
      if (!issued || issued.used || issued.expiresAt < Date.now() || issued.agentId !== agentId) return null;
      issued.used = true;
      return issued.conversationId;
    },
    /** Keeps `record`; beyond the bound, the oldest closed conversations are forgotten. @param {ConversationRecord} record */
    keep(record) {
      conversations.set(record.conversationId, record);
      // Oldest first (insertion order).
      for (const [id, old] of conversations) {
        if (conversations.size <= KEEP_CONVERSATIONS) break;
        if (old.status === 'closed') conversations.delete(id);
      }
    },
    /** @param {string} id */
    get: (id) => conversations.get(id),
    /** Oldest first. */
    all: () => [...conversations.values()],
  };
}

/** @typedef {ReturnType<typeof createRecords>} Records */
