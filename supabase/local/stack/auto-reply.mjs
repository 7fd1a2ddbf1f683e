// @ts-check
// One run of the auto-reply, as a schedule runs it: the gmail-auto-reply function with the
// service-role key (the local stack every minute; `npm run staff -- process-mail` on demand).
import { errorMessage } from '../shared/errors.mjs';

/**
 * What one run did, per account and in all.
 * @typedef {{ accounts: number, replied: number, skipped: number, failed: number,
 *   results: { account: string, replied: number, skipped: number, failed: number, elsewhere: number,
 *   status: string, error?: string }[] }} RunSummary
 */

/**
 * @param {{ apiUrl: string, serviceRoleKey: string, accountIds?: string[] }} opts
 * @returns {Promise<RunSummary>}
 */
export async function runAutoReply({ apiUrl, serviceRoleKey, accountIds }) {
  const response = await fetch(`${apiUrl}/functions/v1/gmail-auto-reply`, {
    method: 'POST',
    headers: {
      apikey: serviceRoleKey,
      authorization: `Bearer ${serviceRoleKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ action: 'process', ...(accountIds ? { accountIds } : {}) }),
    signal: AbortSignal.timeout(120_000),
  });
  /** @type {unknown} */
  const answer = await response.json().catch(() => ({}));
  const body = /** @type {Record<string, unknown>} */ (answer);
  if (!response.ok) {
    const why = typeof body.error === 'string' ? body.error : typeof body.message === 'string' ? body.message : '';
    throw new Error(`gmail-auto-reply answered ${response.status}: ${why}`);
  }
  return /** @type {RunSummary} */ (/** @type {unknown} */ (body));
}

/**
 * The auto-reply every `intervalMs`, as a hosted project's pg_cron would run it: one run at a time
 * (a run still going when the next is due makes that one skip). Replies and failures are
 * `notice`d, a quiet run only logged. Returns what stops it.
 * @param {{ apiUrl: string, serviceRoleKey: string, intervalMs: number,
 *   log: (line: string) => void, notice: (line: string) => void }} opts
 */
export function scheduleAutoReply({ apiUrl, serviceRoleKey, intervalMs, log, notice }) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runAutoReply({ apiUrl, serviceRoleKey })
      .then((summary) => {
        const { replied = 0, failed = 0 } = summary;
        if (replied || failed) notice(`[mail] auto-reply: ${replied} replied, ${failed} failed`);
        else log(`[mail] auto-reply: ${JSON.stringify(summary)}`);
      })
      .catch((error) => log(`[mail] auto-reply run: ${errorMessage(error)}`))
      .finally(() => (running = false));
  }, intervalMs);
  return () => clearInterval(timer);
}
