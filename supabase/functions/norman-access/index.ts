// norman-access: the Norman page's password, checked here against NORMAN_PASSWORD (never in the
// app, ADR 009). POST { password } → 200 { pass, expiresAt }: a signed pass that opens Norman's
// private voice agent for an hour (_shared/norman-pass.ts).
// Attempts are limited per client in Postgres, so the limit holds across instances: the sixth in
// a minute is refused without looking at the password. The client is a SHA-256 of its address
// (see clientKey); no address is stored. Neither the password nor the pass is logged.
import { failure, json, readJson, unlessPost } from '../_shared/http.ts';
import { logError, logInfo } from '../_shared/log.ts';
import { mintPass, normanSecrets, samePassword } from '../_shared/norman-pass.ts';
import { secretKey } from '../_shared/keys.ts';

const MAX_BODY = 4 * 1024;
const MAX_PASSWORD = 200;
/** Attempts per client in any 60 seconds (the database counts the window). */
const MAX_ATTEMPTS = 5;
/**
 * Attempts that reach the password, from all clients together, in any 60 seconds: many addresses
 * (a botnet) guessing at once are stopped too. Counted under the hash of a name no address has.
 */
const MAX_ATTEMPTS_ALL = 30;
const ALL_CLIENTS = 'all clients';
/** Every attempt counts, refused ones too: a minute after the last one, the window is empty. */
const RETRY_AFTER_SECONDS = 60;
const LIMITER_TIMEOUT_MS = 5000;

const tooMany = () =>
  failure(429, 'too_many_attempts', 'Too many attempts. Please wait a minute and try again.', {
    'Retry-After': String(RETRY_AFTER_SECONDS),
    // Not a CORS-safelisted header: the page may read it only when told so.
    'Access-Control-Expose-Headers': 'Retry-After',
  });

const unavailable = () => failure(503, 'norman_unavailable', 'Norman is not available right now');

/**
 * Who is asking, as the rate limit knows them: a hash of their address, as the platform gives it.
 * Hosted Supabase sits behind Cloudflare, which sets cf-connecting-ip itself (a client cannot
 * choose it); otherwise the last x-forwarded-for entry, the one the platform's own proxy appended
 * (the local gateway writes only that one). The first entry is whatever the client sent: trusting
 * it let anyone be a new client each time, or lock a chosen address out.
 */
async function clientKey(req: Request): Promise<string> {
  const forwarded = req.headers.get('x-forwarded-for')?.split(',').at(-1);
  return sha256Hex((req.headers.get('cf-connecting-ip') ?? forwarded)?.trim().slice(0, 100) || 'unknown');
}

/** The key an attempt is stored under: a SHA-256 (hex) of what names its client, never the name. */
async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Records an attempt; the number of this client's attempts in the last 60 s, or null if it failed. */
async function recordAttempt(client: string, apiKey: string): Promise<number | null> {
  const url = `${(Deno.env.get('SUPABASE_URL') ?? '').replace(/\/+$/, '')}/rest/v1/rpc/norman_access_attempt`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        apikey: apiKey,
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ p_client: client }),
      signal: AbortSignal.timeout(LIMITER_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      logError(`[norman-access] the attempt could not be recorded (status ${response.status})`);
      return null;
    }
    const count: unknown = await response.json();
    if (typeof count !== 'number' || !Number.isInteger(count)) {
      logError('[norman-access] the attempt count is not a number');
      return null;
    }
    return count;
  } catch (error) {
    logError(`[norman-access] the attempt could not be recorded (${error instanceof Error ? error.name : 'Error'})`);
    return null;
  }
}

Deno.serve(async (req) => {
  const notPost = unlessPost(req);
  if (notPost) return notPost;
  const read = await readJson(req, MAX_BODY);
  if (!read.ok) return failure(read.status, read.code, read.error);
  if (typeof read.body !== 'object' || read.body === null || Array.isArray(read.body)) {
    return failure(400, 'bad_json', 'The request body must be a JSON object');
  }
  const { password } = read.body as Record<string, unknown>;
  if (typeof password !== 'string' || !password.trim()) {
    return failure(400, 'password_required', 'Please enter the password');
  }
  if (password.length > MAX_PASSWORD) return failure(400, 'password_too_long', 'The password is too long');

  const config = normanSecrets();
  if (!config.ok) {
    logError(`[norman-access] ${config.missing} is not set: Norman cannot be unlocked`);
    return unavailable();
  }
  // Counted before the password is looked at, and a limiter that cannot count opens nothing.
  const attempts = await recordAttempt(await clientKey(req), secretKey());
  if (attempts === null) return unavailable();
  if (attempts > MAX_ATTEMPTS) {
    logInfo(`[norman-access] refused: ${attempts} attempts from one client in the last minute`);
    return tooMany();
  }
  // Only attempts a client may make count for everyone: one client alone cannot lock the page.
  const everyone = await recordAttempt(await sha256Hex(ALL_CLIENTS), secretKey());
  if (everyone === null) return unavailable();
  if (everyone > MAX_ATTEMPTS_ALL) {
    logInfo(`[norman-access] refused: ${everyone} attempts from all clients in the last minute`);
    return tooMany();
  }
  if (!(await samePassword(password, config.secrets.password))) {
    logInfo(`[norman-access] incorrect password (attempt ${attempts} in the last minute)`);
    return failure(401, 'incorrect_password', 'Incorrect password');
  }
  const { pass, expiresAt } = await mintPass(config.secrets);
  logInfo('[norman-access] password accepted: a pass for an hour');
  return json({ pass, expiresAt: new Date(expiresAt).toISOString() });
});
