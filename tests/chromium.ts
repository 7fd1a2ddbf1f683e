// How Debian's Chromium is launched here (no browser download: the machines reach no CDN): e2e and
// bench share it.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps dialling hosts this closed network refuses.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  // A fake microphone (a beep) where a test grants the 'microphone' permission; refused where it
  // does not. Audio may play without a click, as after a person's first tap (?voice=true).
  '--use-fake-device-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];
