// @ts-check
// The local widget's audio, in the browser (widget.mjs serves this function's source, so it uses
// nothing from outside it): the microphone as 16 kHz PCM, s16le, base64, in 100 ms chunks, as the
// protocol's `user_audio_chunk` wants it; and the agent's 16 kHz PCM played chunk after chunk.

/** The AudioWorklet that turns the microphone, at the context's rate, into 100 ms of 16 kHz s16le. */
export const MICROPHONE_WORKLET = `registerProcessor('local-convai-microphone', class extends AudioWorkletProcessor {
  constructor() {
    super();
    this.step = sampleRate / 16000;
    this.at = 0;
    this.chunk = new Int16Array(1600);
    this.filled = 0;
  }
  process(inputs) {
    const samples = (inputs[0] && inputs[0][0]) || [];
    for (let i = 0; i < samples.length; i++) {
      this.at += 1;
      if (this.at < this.step) continue;
      this.at -= this.step;
      this.chunk[this.filled++] = Math.max(-1, Math.min(1, samples[i])) * 0x7fff;
      if (this.filled === this.chunk.length) {
        this.port.postMessage(this.chunk.buffer.slice(0));
        this.filled = 0;
      }
    }
    return true;
  }
});`;

/**
 * Asks for the microphone (rejects when it is refused or missing), then streams it to `onChunk`
 * and plays what `play` is given; `onSpeaking` says whether agent audio is playing.
 * @param {string} workletSource
 * @param {(base64: string) => void} onChunk
 * @param {(speaking: boolean) => void} onSpeaking
 */
export async function openAudio(workletSource, onChunk, onSpeaking) {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 },
  });
  const context = new AudioContext();
  const close = () => {
    for (const track of stream.getTracks()) track.stop();
    void context.close();
  };
  const workletUrl = URL.createObjectURL(new Blob([workletSource], { type: 'text/javascript' }));
  try {
    await context.audioWorklet.addModule(workletUrl);
  } catch (error) {
    close();
    throw error;
  } finally {
    URL.revokeObjectURL(workletUrl);
  }
  const microphone = new AudioWorkletNode(context, 'local-convai-microphone');
  context.createMediaStreamSource(stream).connect(microphone);
  microphone.port.onmessage = (/** @type {MessageEvent<ArrayBuffer>} */ event) => {
    const bytes = new Uint8Array(event.data);
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    onChunk(btoa(binary));
  };
  await context.resume();

  /** @type {Set<AudioBufferSourceNode>} */
  const playing = new Set();
  let playUntil = 0;
  return {
    /** Plays one chunk of the agent's audio after those before it. @param {string} base64 */
    play(base64) {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const pcm = new Int16Array(bytes.buffer, 0, bytes.length >> 1);
      if (!pcm.length) return;
      const buffer = context.createBuffer(1, pcm.length, 16000);
      buffer.getChannelData(0).set(Float32Array.from(pcm, (v) => v / 0x8000));
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination);
      playUntil = Math.max(playUntil, context.currentTime);
      source.start(playUntil);
      playUntil += buffer.duration;
      playing.add(source);
      source.onended = () => {
        playing.delete(source);
        if (!playing.size) onSpeaking(false);
      };
      onSpeaking(true);
    },
    /** Stops the agent's audio (it was interrupted). */
    stop() {
      for (const source of playing) source.stop();
      playUntil = 0;
    },
    close,
  };
}
