// The app's one way to the browser console: what docs/product/messages.md#only-logged lists (a
// failed draft load, an unknown route, an unexpected save error), with the error kept for whoever
// debugs it.

export function logError(what: string, ...details: unknown[]) {
  // eslint-disable-next-line no-console -- the sanctioned console of the app (see above)
  console.error(what, ...details);
}
