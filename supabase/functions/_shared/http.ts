// What every function answers with: JSON, and the CORS headers hosted Supabase's examples use (the
// local gateway answers preflights itself; a function called directly answers its own).
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

/** A JSON answer with the CORS headers. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, ...headers, 'Content-Type': 'application/json' },
  });
}

/** An error in words for people, with a stable `code` for the app. */
export const failure = (status: number, code: string, error: string, headers?: Record<string, string>) =>
  json({ error, code }, status, headers);

/** The answer to a CORS preflight. */
export const preflight = () => new Response('ok', { headers: corsHeaders });
