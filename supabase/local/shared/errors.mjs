// @ts-check

/**
 * The message of anything thrown, for a log line or a terminal: the Node-side twin of
 * src/lib/errors.ts, which Node cannot import (TypeScript, no build step for the stack).
 * @param {unknown} error
 */
export function errorMessage(error) {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return String(error);
}
