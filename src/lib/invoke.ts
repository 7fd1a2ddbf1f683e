import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { errorMessage } from './errors';
import { supabase } from './supabase';

/** Why a function call did not succeed: never reached, or answered with an error status. */
export type InvokeFailure =
  | { ok: false; kind: 'network'; message: string }
  | {
      ok: false;
      kind: 'http';
      status: number;
      /** The function's stable `code` ('not_signed_in', 'invalid_settings', …), when it sent one. */
      code: string | null;
      /** Its words for people (`error`), or a stand-in naming the status. */
      message: string;
      /** The whole JSON answer, for fields of its own (a refusal's `problems`). */
      body: Record<string, unknown> | null;
    };

export type InvokeResult<T> = { ok: true; data: T } | InvokeFailure;

/**
 * An edge function called with the signed-in user's token (supabase.functions.invoke), its answer
 * read whatever happened; never throws. The functions answer failures as `{ error, code }`.
 */
export async function invokeFunction<T>(name: string, body: unknown): Promise<InvokeResult<T>> {
  const result = await supabase.functions.invoke<T>(name, { body: body as Record<string, unknown> });
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
      message: said || `The server answered ${response.status}`,
      body: answer,
    };
  }
  if (error instanceof FunctionsFetchError || error instanceof FunctionsRelayError) {
    return { ok: false, kind: 'network', message: error.message };
  }
  if (error) return { ok: false, kind: 'network', message: errorMessage(error) };
  return { ok: true, data: result.data as T };
}
