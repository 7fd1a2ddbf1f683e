// Runs every supabase/functions/<name>/index.ts in one Deno process, the way Supabase's edge
// runtime does: each function calls Deno.serve(handler); we capture the handler and route
// /<name>/... to it. Functions are written for hosted Supabase and run here unchanged.
type Handler = (req: Request, info: unknown) => Response | Promise<Response>;

const [functionsDir, portArg] = Deno.args;
if (!functionsDir || !portArg) throw new Error('usage: functions-main.deno.ts <functionsDir> <port>');

const handlers = new Map<string, Handler>();
let loading = '';
const realServe = Deno.serve.bind(Deno);

// Deno.serve's type promises a whole HttpServer; the stand-in returns only what a function can
// touch while loading, so Deno is widened to an object whose serve may be anything.
(Deno as { serve: unknown }).serve = (...args: unknown[]) => {
  const handler = args.find((a) => typeof a === 'function') as Handler | undefined;
  const options = args.find((a) => typeof a === 'object' && a !== null) as { handler?: Handler } | undefined;
  const chosen = handler ?? options?.handler;
  if (!chosen) throw new Error(`Function ${loading}: Deno.serve was called without a handler`);
  handlers.set(loading, chosen);
  return { finished: Promise.resolve(), shutdown: async () => {}, ref() {}, unref() {}, addr: null };
};

for await (const entry of Deno.readDir(functionsDir)) {
  if (!entry.isDirectory || entry.name.startsWith('_') || entry.name.startsWith('.')) continue;
  const file = `${functionsDir}/${entry.name}/index.ts`;
  try {
    await Deno.stat(file);
  } catch {
    continue;
  }
  loading = entry.name;
  await import(new URL(`file://${file}`).href);
}

realServe({ hostname: '127.0.0.1', port: Number(portArg), onListen: () => {} }, async (req, info) => {
  const url = new URL(req.url);
  if (url.pathname === '/_health') return new Response('ok');
  const name = url.pathname.split('/')[1] ?? '';
  const handler = handlers.get(name);
  if (!handler) {
    return Response.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, { status: 404 });
  }
  try {
    return await handler(req, info);
  } catch (error) {
    console.error(`[${name}]`, error);
    return Response.json({ code: 'WORKER_ERROR', message: 'Function exited due to an error' }, { status: 500 });
  }
});
