// What went wrong, as words for a toast or a status line. Anything can be thrown: an Error, a
// Supabase error object (a plain { message }), a string.

/** The message of anything thrown or returned as an error. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return String(error);
}

/** Anything thrown, as an Error (an Error is returned as it is). */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(errorMessage(error));
}
