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

  let nextEventId = 1;
  let pingEventId = 0;
  let speakingUntil = 0;
  let heardBytes = 0;
  let heardVoice = false;
  /** @type {NodeJS.Timeout | undefined} */
  let pinger;
  /** Agent turns one after another, so two turns' audio never interleaves. */
  let turns = Promise.resolve();
  const open = () => ws.readyState === ws.OPEN;
  const wait = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
  /** @param {unknown} message */
  const send = (message) => {
    if (open()) ws.send(JSON.stringify(message));
  };
  /** @template T @param {T[]} list @param {T} item */
  const push = (list, item) => {
    list.push(item);
    if (list.length > KEEP_ITEMS) list.shift();
  };
  /** @param {string} errorType @param {string} message */
  const sendError = (errorType, message) => {
    push(record.errors, message);
    send({ type: 'error', error_event: { error_type: errorType, message } });
  };

  /** One agent turn: the text, then (unless text-only) its audio in ~250 ms chunks. @param {string} text @param {number} [delayMs] */
  const speak = (text, delayMs = 0) => {
    turns = turns.then(async () => {
      if (delayMs) await wait(delayMs);
      if (!open()) return;
      const eventId = nextEventId++;
      send({ type: 'agent_response', agent_response_event: { agent_response: text, event_id: eventId } });
      const turn = { eventId, text, audioBytes: 0 };
      push(record.agentResponses, turn);
      if (record.initiation?.textOnly) return;
      const pcm = speechFor(text);
      speakingUntil = Date.now() + (pcm.length / 2 / SAMPLE_RATE) * 1000 + 200;
      for (let at = 0; at < pcm.length; at += CHUNK_SAMPLES * 2) {
        if (at > 0) await wait(CHUNK_GAP_MS);
        if (!open()) return;
        const chunk = pcm.subarray(at, at + CHUNK_SAMPLES * 2);
        turn.audioBytes += chunk.length;
        send({ type: 'audio', audio_event: { audio_base_64: chunk.toString('base64'), event_id: eventId } });
      }
    });
    turns.catch((error) => log(`[voice] ${conversationId}: ${String(error)}`));
  };

  /** @param {Record<string, unknown>} message */
  const initiate = (message) => {
    const overrides = isObject(message.conversation_config_override) ? message.conversation_config_override : null;
    const conversation = overrides && isObject(overrides.conversation) ? overrides.conversation : null;
    record.initiation = {
      overrides,
      dynamicVariables: isObject(message.dynamic_variables) ? message.dynamic_variables : null,
      userId: typeof message.user_id === 'string' ? message.user_id : null,
      textOnly: conversation?.text_only === true,
    };
    send({
      type: 'conversation_initiation_metadata',
      conversation_initiation_metadata_event: {
        conversation_id: conversationId,
        agent_output_audio_format: 'pcm_16000',
        user_input_audio_format: 'pcm_16000',
      },
    });
    speak(greeting(record), AFTER_METADATA_MS);
    pinger = setInterval(() => {
      pingEventId += 1;
      send({ type: 'ping', ping_event: { event_id: pingEventId, ping_ms: 20 } });
    }, pingIntervalMs);
  };

  /** Microphone audio: 3 s with sound in it make a user turn; silence, while the agent speaks or not, none. @param {string} base64 */
  const hear = (base64) => {
    const pcm = Buffer.from(base64, 'base64');
    record.audioBytes += pcm.length;
    if (Date.now() < speakingUntil) return;
    heardBytes += pcm.length;
    if (rms(pcm) > SILENCE_RMS) heardVoice = true;
    if (heardBytes < HEARD_BYTES) return;
    const voiced = heardVoice;
    heardBytes = 0;
    heardVoice = false;
    // Three seconds of silence are not a turn: a quiet room does not make the agent talk.
    if (!voiced) return;
    push(record.transcripts, HEARD_TRANSCRIPT);
    send({
      type: 'user_transcript',
      user_transcription_event: { user_transcript: HEARD_TRANSCRIPT, event_id: nextEventId++ },
    });
    speak(HEARD_ANSWER, ANSWER_DELAY_MS);
  };

  /** @param {Record<string, unknown>} message */
  const handle = (message) => {
    // The SDK sends microphone audio as a bare { user_audio_chunk } without a type.
    if (typeof message.user_audio_chunk === 'string') {
      if (record.initiation) hear(message.user_audio_chunk);
      return;
    }
    if (message.type === 'conversation_initiation_client_data') {
      if (record.initiation) return log(`[voice] ${conversationId}: initiation data sent twice; ignored`);
      return initiate(message);
    }
    if (!record.initiation) return log(`[voice] ${conversationId}: ${String(message.type)} before initiation; ignored`);
    switch (message.type) {
      case 'pong':
        record.pongs += 1;
        return;
      case 'user_message': {
        if (typeof message.text !== 'string') return sendError('invalid_message', 'Message text must be a string');
        if (message.text.length > MAX_MESSAGE) return sendError('invalid_message', 'Message too long');
        const text = message.text.trim();
        if (!text) return;
        push(record.userMessages, text);
        return speak(answer(record, text), ANSWER_DELAY_MS);
      }
      case 'contextual_update':
        if (typeof message.text !== 'string') return sendError('invalid_message', 'Update text must be a string');
        if (message.text.length > MAX_CONTEXTUAL_UPDATE)
          return sendError('invalid_message', 'Contextual update too long');
        return push(record.contextualUpdates, message.text);
      case 'user_activity':
        record.userActivity += 1;
        return;
      case 'feedback':
        return push(record.feedback, {
          score: typeof message.score === 'string' ? message.score.slice(0, 20) : null,
          eventId: typeof message.event_id === 'number' ? message.event_id : null,
        });
      default:
        log(`[voice] ${conversationId}: ${JSON.stringify(String(message.type).slice(0, 60))} ignored`);
    }
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
    handle(message);
  });
  ws.on('close', (code) => {
    clearInterval(pinger);
    clearTimeout(initiationTimer);
    openSockets.delete(ws);
    record.status = 'closed';
    record.closedAt = new Date().toISOString();
    record.closeCode = code;
    log(`[voice] ${conversationId} closed (${code})`);
  });
  ws.on('error', (error) => log(`[voice] ${conversationId}: ${error.message}`));
}
