import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { errorMessage } from './errors';
import { supabase } from './supabase';

/** Why a function call did not succeed: never reached, answered with an error status, or else. */
export type InvokeFailure =
  /** The function could not be reached (offline, DNS, a dropped connection). */
  | { ok: false; kind: 'network'; message: string }
  | {
      ok: false;
      kind: 'http';
      status: number;
      /** The function's stable `code` ('not_signed_in', 'invalid_settings', …), when it sent one. */
      code: string | null;
      /** Its words for people (`error`, else `message`), '' when it sent none. */
      said: string;
      /** `said`, or a stand-in naming the status. */
      message: string;
      /** The whole JSON answer, for fields of its own (a refusal's `problems`). */
      body: Record<string, unknown> | null;
    }
  /** Anything else supabase-js reported. */
  | { ok: false; kind: 'error'; message: string };

export type InvokeResult<T> = { ok: true; data: T } | InvokeFailure;

/**
 * An edge function called with the signed-in user's token (supabase.functions.invoke), its answer
 * read whatever happened; never throws. The functions answer failures as `{ error, code }`.
 */
export async function invokeFunction<T>(
  name: string,
  body: unknown,
  headers?: Record<string, string>,
): Promise<InvokeResult<T>> {
  const result = await supabase.functions.invoke<T>(name, {
    body: body as Record<string, unknown>,
    ...(headers ? { headers } : {}),
  });
  // supabase-js types the error as any: it is one of its Functions*Error classes.
  const error: unknown = result.error;
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    const said =
      typeof answer?.error === 'string' ? answer.error : typeof answer?.message === 'string' ? answer.message : '';
    return {
      ok: false,
      kind: 'http',
      status: response.status,
      code: typeof answer?.code === 'string' ? answer.code : null,
      said,
      message: said || `The server answered ${response.status}`,
      body: answer,
    };
  }
  if (error instanceof FunctionsFetchError || error instanceof FunctionsRelayError) {
    return { ok: false, kind: 'network', message: error.message };
  }
  if (error) return { ok: false, kind: 'error', message: errorMessage(error) };
  return { ok: true, data: result.data as T };
}
