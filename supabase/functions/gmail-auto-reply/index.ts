// gmail-auto-reply (ADR 010):
//   POST { settings: { enabled, reply_template, demo_link }, base? } (a signed-in user) → 200
//     { settings }: saves the caller's auto-reply settings (any of the three fields); 400 with the
//     field's words when they break a rule; 409 when `base` (what the changed fields were when the
//     user edited them) no longer holds: another device changed one since (settings.ts).
//   POST { action: 'process', accountIds? } (the service-role key: the schedule, `npm run staff --
//     process-mail`) → 200 { accounts, replied, skipped, failed, results }: one run over the new
//     mail of every active account (process.ts).
import { requireUser } from '../_shared/auth.ts';
import { googleConfig } from '../_shared/google/config.ts';
import { failure, json, readJson, unlessPost } from '../_shared/http.ts';
import { logError } from '../_shared/log.ts';
import { isServiceRole, serviceClient } from '../_shared/service.ts';
import { processMail } from './process.ts';
import { parseSettings, saveSettings } from './settings.ts';

// A 5,000-character template, escaped, is far below this.
const MAX_BODY = 64 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function runProcess(body: Record<string, unknown>): Promise<Response> {
  const ids = body.accountIds;
  if (
    ids !== undefined &&
    (!Array.isArray(ids) || ids.length > 1000 || !ids.every((id) => typeof id === 'string' && UUID.test(id)))
  ) {
    return failure(400, 'bad_request', 'accountIds must be a list of account ids');
  }
  const google = googleConfig();
  if (!google.ok) {
    logError(`[gmail-auto-reply] ${google.missing} is not set`);
    return failure(503, 'gmail_unavailable', 'Gmail is not set up on this server.');
  }
  try {
    return json(await processMail(serviceClient(), google.config, (ids as string[] | undefined) ?? null));
  } catch (error) {
    logError(`[gmail-auto-reply] the run stopped: ${error instanceof Error ? error.message : String(error)}`);
    return failure(503, 'run_failed', 'The run could not finish. It will be tried again.');
  }
}

Deno.serve(async (req) => {
  const notPost = unlessPost(req);
  if (notPost) return notPost;
  const staff = await isServiceRole(req);
  const caller = staff ? null : await requireUser(req);
  if (caller && !caller.ok) return caller.response;
  const read = await readJson(req, MAX_BODY);
  if (!read.ok) return failure(read.status, read.code, read.error);
  const body = (
    typeof read.body === 'object' && read.body !== null && !Array.isArray(read.body) ? read.body : {}
  ) as Record<string, unknown>;
  if (body.action === 'process') {
    return staff ? runProcess(body) : failure(403, 'forbidden', 'Only the server runs the auto-reply');
  }
  if (!caller) return failure(400, 'bad_request', 'Settings are saved by a signed-in user');
  const parsed = parseSettings(body);
  if (!parsed.ok) return failure(400, 'invalid_settings', parsed.error);
  const token = req.headers
    .get('authorization')!
    .replace(/^Bearer\s+/i, '')
    .trim();
  const saved = await saveSettings(token, caller.user.id, parsed.change, parsed.base);
  if (!saved.ok) {
    const { ok: _ok, status, ...answer } = saved;
    return json(answer, status);
  }
  return json({ settings: saved.settings });
});
