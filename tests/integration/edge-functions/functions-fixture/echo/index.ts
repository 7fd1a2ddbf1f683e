// A test-only function: answers with what the edge runtime gave it, through the real supabase-js.
import { createClient } from 'npm:@supabase/supabase-js@2';

Deno.serve(async (req) => {
  const url = Deno.env.get('SUPABASE_URL') ?? '';
  const admin = createClient(url, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '');
  const { data, error } = await admin.auth.getUser(req.headers.get('authorization')?.replace('Bearer ', '') ?? '');
  return Response.json({
    path: new URL(req.url).pathname,
    method: req.method,
    body: req.method === 'POST' ? await req.json() : null,
    supabaseUrl: url,
    hasAnonKey: Boolean(Deno.env.get('SUPABASE_ANON_KEY')),
    secret: Deno.env.get('ECHO_SECRET') ?? null,
    userEmail: error ? null : (data.user?.email ?? null),
  });
});
