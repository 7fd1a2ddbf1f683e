// @ts-check
// The audio of the protocol: PCM s16le, 16 kHz, mono, both ways. The agent "speaks" a tone; what
// the microphone sends is only measured (is it sound or silence?), never transcribed.

export const SAMPLE_RATE = 16_000;
/** An agent turn's audio goes out in chunks of 250 ms, 100 ms apart. */
export const CHUNK_SAMPLES = SAMPLE_RATE / 4;
export const CHUNK_GAP_MS = 100;
/** 3 s of microphone audio make one user turn. */
export const HEARD_BYTES = SAMPLE_RATE * 2 * 3;
/** A chunk quieter than this (RMS, of full scale; about -46 dBFS) is silence. */
export const SILENCE_RMS = 0.005;

/**
 * A soft tone standing in for speech: PCM s16le, 16 kHz, mono, about 70 ms per word (0.6–2.5 s),
 * a 220 Hz sine with a 40 ms fade in and out.
 * @param {string} text
 */
export function speechFor(text) {
  const words = text.split(/\s+/).filter(Boolean).length;
  const seconds = Math.min(2.5, Math.max(0.6, words * 0.07));
  const samples = Math.round(seconds * SAMPLE_RATE);
  const fade = Math.round(0.04 * SAMPLE_RATE);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const envelope = Math.min(1, i / fade, (samples - 1 - i) / fade);
    const value = 0.3 * envelope * Math.sin((2 * Math.PI * 220 * i) / SAMPLE_RATE);
    pcm.writeInt16LE(Math.round(value * 32767), i * 2);
  }
  return pcm;
}

/** Root mean square of s16le PCM, 0..1. @param {Buffer} pcm */
export function rms(pcm) {
  const n = Math.floor(pcm.length / 2);
  if (n === 0) return 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const v = pcm.readInt16LE(i * 2) / 32768;
    sum += v * v;
  }
  return Math.sqrt(sum / n);
}
