// A part of the app's code (a chunk fetched on demand) that did not arrive: before the service
// worker has precached the build the network is the only place it comes from, and after a new
// release the old page asks for files the server no longer has.

// What each engine's dynamic import says, and what Vite's preloading says for a chunk's CSS.
const MESSAGES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // WebKit
  /Unable to preload CSS/i, // Vite
];

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && MESSAGES.some((message) => message.test(error.message));
}
