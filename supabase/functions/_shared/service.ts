// The service role's client: what the functions write that no client role may (tokens, logs, the
// processing claims). Never handed a user's token: RLS does not apply to it.
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2';

let client: SupabaseClient | null = null;

/** The service-role key of the function's env ('' when unset). */
export const serviceRoleKey = () => Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')?.trim() ?? '';

/** One service-role client per instance. */
export function serviceClient(): SupabaseClient {
  client ??= createClient(Deno.env.get('SUPABASE_URL') ?? '', serviceRoleKey(), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return client;
}

/** Whether `req` carries the service-role key itself (a scheduled run, a staff tool), compared in constant time. */
export async function isServiceRole(req: Request): Promise<boolean> {
  const token = req.headers.get('authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? '';
  const key = serviceRoleKey();
  if (!token || !key) return false;
  const digest = async (text: string) =>
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const [a, b] = await Promise.all([digest(token), digest(key)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}
