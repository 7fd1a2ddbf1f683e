// The service role's client: what the functions write that no client role may (tokens, logs, the
// processing claims). Never handed a user's token: RLS does not apply to it.
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { secretKey, secretKeys } from './keys.ts';

let client: SupabaseClient | null = null;

/** One service-role client per instance, with the secret key (new kind first: keys.ts). */
export function serviceClient(): SupabaseClient {
  client ??= createClient(Deno.env.get('SUPABASE_URL') ?? '', secretKey(), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return client;
}

const digest = async (text: string) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

/** Whether two secrets are equal, in time that does not depend on where they differ. */
async function sameSecret(x: string, y: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(x), digest(y)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

/**
 * Whether `req` carries a service-role key itself (a scheduled run, a staff tool): a secret key
 * (`sb_secret_…`) or the legacy service-role JWT, as its bearer.
 */
export async function isServiceRole(req: Request): Promise<boolean> {
  const token = req.headers.get('authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? '';
  if (!token) return false;
  const matches = await Promise.all(secretKeys().map((key) => sameSecret(token, key)));
  return matches.includes(true);
}
