// @ts-check
// One conversation over the websocket at /v1/convai/conversation (subprotocol `convai`), as the
// real @elevenlabs/client SDK speaks it: initiation metadata, a greeting, answers to typed
// messages, pings, real 16 kHz PCM audio for every agent turn; microphone audio is measured, not
// transcribed.
import { ACCOUNT_AGENTS, PRIVATE_AGENTS } from './agents.mjs';
import { CHUNK_GAP_MS, CHUNK_SAMPLES, HEARD_BYTES, rms, SAMPLE_RATE, SILENCE_RMS, speechFor } from './audio.mjs';
import { KEEP_ITEMS, newRecord, randomId } from './records.mjs';
import { answer, greeting, HEARD_ANSWER, HEARD_TRANSCRIPT } from './replies.mjs';

/** @typedef {import('ws').WebSocket} WebSocket */

const MAX_OPEN_CONVERSATIONS = 50;
const INITIATION_TIMEOUT_MS = 10_000;
const MAX_MESSAGE = 2000;
const MAX_CONTEXTUAL_UPDATE = 8000;
/** The SDK cannot receive what is sent in the same tick as the metadata. */
const AFTER_METADATA_MS = 50;
const ANSWER_DELAY_MS = 200;

/** @param {unknown} v @returns {v is Record<string, unknown>} */
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Who may open a conversation: an agent of the account; a private one only through a signed URL;
 * a signature once, for its agent; at most 50 open at a time. The SDK reads a close before the
 * metadata as a SessionConnectionError with the close's reason.
 * @param {URL} url @param {import('./records.mjs').Records} records @param {number} open
 * @returns {{ agentId: string, conversationId: string, signed: boolean } | { code: number, reason: string, why: string }}
 */
function admit(url, records, open) {
  const agentId = url.searchParams.get('agent_id') ?? '';
  const signature = url.searchParams.get('conversation_signature');
  if (!ACCOUNT_AGENTS.includes(agentId)) {
    return {
      code: 1008,
      reason: 'Agent not found',
      why: `a conversation: unknown agent ${JSON.stringify(agentId.slice(0, 100))}`,
    };
  }
  const badSignature = { code: 1008, reason: 'Invalid conversation signature' };
  if (signature === null && PRIVATE_AGENTS.includes(agentId)) {
    return { ...badSignature, why: `a public conversation with the private agent ${agentId}` };
  }
  let conversationId = `conv_${randomId(12)}`;
  if (signature !== null) {
    const issued = records.useSignature(signature, agentId);
    if (!issued) return { ...badSignature, why: `a conversation for ${agentId}: invalid conversation signature` };
    conversationId = issued;
  }
  if (open >= MAX_OPEN_CONVERSATIONS) {
    const why = `a conversation for ${agentId}: ${MAX_OPEN_CONVERSATIONS} are open`;
    return { code: 1013, reason: 'Too many open conversations', why };
  }
  return { agentId, conversationId, signed: signature !== null };
}

/**
 * One open conversation, as the functions below share it: its socket and record, and what its
 * turns and the microphone have counted so far.
 * @typedef {{
 *   ws: WebSocket, record: import('./records.mjs').ConversationRecord, conversationId: string,
 *   log: (line: string) => void, pingIntervalMs: number,
 *   nextEventId: number, pingEventId: number, speakingUntil: number, heardBytes: number, heardVoice: boolean,
 *   pinger: NodeJS.Timeout | undefined, turns: Promise<void>,
 * }} Conversation
 */

/** @param {Conversation} c */
const isOpen = (c) => c.ws.readyState === c.ws.OPEN;
const wait = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
/** @param {Conversation} c @param {unknown} message */
const send = (c, message) => {
  if (isOpen(c)) c.ws.send(JSON.stringify(message));
};
/** @template T @param {T[]} list @param {T} item */
const push = (list, item) => {
  list.push(item);
  if (list.length > KEEP_ITEMS) list.shift();
};
/** @param {Conversation} c @param {string} errorType @param {string} message */
const sendError = (c, errorType, message) => {
  push(c.record.errors, message);
  send(c, { type: 'error', error_event: { error_type: errorType, message } });
};

/** One agent turn: the text, then (unless text-only) its audio in ~250 ms chunks. @param {Conversation} c @param {string} text @param {number} [delayMs] */
function speak(c, text, delayMs = 0) {
  // Agent turns one after another, so two turns' audio never interleaves.
  c.turns = c.turns.then(async () => {
    if (delayMs) await wait(delayMs);
    if (!isOpen(c)) return;
    const eventId = c.nextEventId++;
    send(c, { type: 'agent_response', agent_response_event: { agent_response: text, event_id: eventId } });
    const turn = { eventId, text, audioBytes: 0 };
    push(c.record.agentResponses, turn);
    if (c.record.initiation?.textOnly) return;
    const pcm = speechFor(text);
    c.speakingUntil = Date.now() + (pcm.length / 2 / SAMPLE_RATE) * 1000 + 200;
    for (let at = 0; at < pcm.length; at += CHUNK_SAMPLES * 2) {
      if (at > 0) await wait(CHUNK_GAP_MS);
      if (!isOpen(c)) return;
      const chunk = pcm.subarray(at, at + CHUNK_SAMPLES * 2);
      turn.audioBytes += chunk.length;
      send(c, { type: 'audio', audio_event: { audio_base_64: chunk.toString('base64'), event_id: eventId } });
    }
  });
  c.turns.catch((error) => c.log(`[voice] ${c.conversationId}: ${String(error)}`));
}

/** @param {Conversation} c @param {Record<string, unknown>} message */
function initiate(c, message) {
  const overrides = isObject(message.conversation_config_override) ? message.conversation_config_override : null;
  const conversation = overrides && isObject(overrides.conversation) ? overrides.conversation : null;
  c.record.initiation = {
    overrides,
    dynamicVariables: isObject(message.dynamic_variables) ? message.dynamic_variables : null,
    userId: typeof message.user_id === 'string' ? message.user_id : null,
    textOnly: conversation?.text_only === true,
  };
  send(c, {
    type: 'conversation_initiation_metadata',
    conversation_initiation_metadata_event: {
      conversation_id: c.conversationId,
      agent_output_audio_format: 'pcm_16000',
      user_input_audio_format: 'pcm_16000',
    },
  });
  speak(c, greeting(c.record), AFTER_METADATA_MS);
  c.pinger = setInterval(() => {
    c.pingEventId += 1;
    send(c, { type: 'ping', ping_event: { event_id: c.pingEventId, ping_ms: 20 } });
  }, c.pingIntervalMs);
}

/** Microphone audio: 3 s with sound in it make a user turn; silence, while the agent speaks or not, none. @param {Conversation} c @param {string} base64 */
function hear(c, base64) {
  const pcm = Buffer.from(base64, 'base64');
  c.record.audioBytes += pcm.length;
  if (Date.now() < c.speakingUntil) return;
  c.heardBytes += pcm.length;
  if (rms(pcm) > SILENCE_RMS) c.heardVoice = true;
  if (c.heardBytes < HEARD_BYTES) return;
  const voiced = c.heardVoice;
  c.heardBytes = 0;
  c.heardVoice = false;
  // Three seconds of silence are not a turn: a quiet room does not make the agent talk.
  if (!voiced) return;
  push(c.record.transcripts, HEARD_TRANSCRIPT);
  send(c, {
    type: 'user_transcript',
    user_transcription_event: { user_transcript: HEARD_TRANSCRIPT, event_id: c.nextEventId++ },
  });
  speak(c, HEARD_ANSWER, ANSWER_DELAY_MS);
}

/**
 * What each typed message does once the conversation is initiated.
 * @type {Record<string, (c: Conversation, message: Record<string, unknown>) => void>}
 */
const TYPED = {
  pong: ({ record }) => {
    record.pongs += 1;
  },
  user_message: (c, message) => {
    if (typeof message.text !== 'string') return sendError(c, 'invalid_message', 'Message text must be a string');
    if (message.text.length > MAX_MESSAGE) return sendError(c, 'invalid_message', 'Message too long');
    const text = message.text.trim();
    if (!text) return;
    push(c.record.userMessages, text);
    return speak(c, answer(c.record, text), ANSWER_DELAY_MS);
  },
  contextual_update: (c, message) => {
    if (typeof message.text !== 'string') return sendError(c, 'invalid_message', 'Update text must be a string');
    if (message.text.length > MAX_CONTEXTUAL_UPDATE)
      return sendError(c, 'invalid_message', 'Contextual update too long');
    return push(c.record.contextualUpdates, message.text);
  },
  user_activity: ({ record }) => {
    record.userActivity += 1;
  },
  feedback: ({ record }, message) =>
    push(record.feedback, {
      score: typeof message.score === 'string' ? message.score.slice(0, 20) : null,
      eventId: typeof message.event_id === 'number' ? message.event_id : null,
    }),
};

/** @param {Conversation} c @param {Record<string, unknown>} message */
function handle(c, message) {
  const { record, conversationId, log } = c;
  // The SDK sends microphone audio as a bare { user_audio_chunk } without a type.
  if (typeof message.user_audio_chunk === 'string') {
    if (record.initiation) hear(c, message.user_audio_chunk);
    return;
  }
  if (message.type === 'conversation_initiation_client_data') {
    if (record.initiation) return log(`[voice] ${conversationId}: initiation data sent twice; ignored`);
    return initiate(c, message);
  }
  if (!record.initiation) return log(`[voice] ${conversationId}: ${String(message.type)} before initiation; ignored`);
  const typed =
    typeof message.type === 'string' && Object.hasOwn(TYPED, message.type) ? TYPED[message.type] : undefined;
  if (typed) return typed(c, message);
  log(`[voice] ${conversationId}: ${JSON.stringify(String(message.type).slice(0, 60))} ignored`);
}

/**
 * Holds the conversation `ws` opened at `url` until it closes.
 * @param {WebSocket} ws @param {URL} url
 * @param {{ records: import('./records.mjs').Records, openSockets: Set<WebSocket>,
 *   log: (line: string) => void, pingIntervalMs: number }} ctx
 */
export function converse(ws, url, { records, openSockets, log, pingIntervalMs }) {
  const admitted = admit(url, records, openSockets.size);
  if ('code' in admitted) {
    log(`[voice] refused ${admitted.why}`);
    return ws.close(admitted.code, admitted.reason);
  }
  const { conversationId, agentId } = admitted;
  openSockets.add(ws);
  const record = newRecord(conversationId, agentId, admitted.signed);
  // A socket that never says who it is does not hold a place.
  const initiationTimer = setTimeout(() => {
    if (!record.initiation) ws.close(1008, 'No conversation initiation');
  }, INITIATION_TIMEOUT_MS);
  records.keep(record);
  log(`[voice] ${conversationId} opened (${agentId}, ${record.signed ? 'signed' : 'public'})`);

  /** @type {Conversation} */
  const c = {
    ws,
    record,
    conversationId,
    log,
    pingIntervalMs,
    nextEventId: 1,
    pingEventId: 0,
    speakingUntil: 0,
    heardBytes: 0,
    heardVoice: false,
    pinger: undefined,
    turns: Promise.resolve(),
  };

  ws.on('message', (data, isBinary) => {
    /** @type {unknown} */
    let message;
    try {
      if (isBinary) throw new Error('binary frame');
      const text = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
      message = JSON.parse(text.toString('utf8'));
    } catch {
      return log(`[voice] ${conversationId}: a frame that is not JSON; ignored`);
    }
    if (!isObject(message)) return log(`[voice] ${conversationId}: a frame that is not a JSON object; ignored`);
    handle(c, message);
  });
  ws.on('close', (code) => {
    clearInterval(c.pinger);
    clearTimeout(initiationTimer);
    openSockets.delete(ws);
    record.status = 'closed';
    record.closedAt = new Date().toISOString();
    record.closeCode = code;
    log(`[voice] ${conversationId} closed (${code})`);
  });
  ws.on('error', (error) => log(`[voice] ${conversationId}: ${error.message}`));
}
