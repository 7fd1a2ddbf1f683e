// One run of the auto-reply: for every active Gmail account, the mail that arrived since the last
// run, each message logged once (replied / skipped / failed, and why), at most one reply per thread.
// Two runs may overlap (a schedule and a staff command): Postgres decides who handles a message
// (gmail_begin_message) and who answers a thread (gmail_claim_thread), so nothing is done twice.
// An account that cannot go on (a revoked grant, a failed read) stops alone; the others carry on.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import type { GoogleConfig } from '../_shared/google/config.ts';
import { GoogleApiError } from '../_shared/google/request.ts';
import { logError, logInfo } from '../_shared/log.ts';
import { type AccountResult, processAccount } from './account-run.ts';
import { type Account, AccountStop, activeAccounts, settingsOfOwners } from './accounts.ts';

export type RunSummary = {
  accounts: number;
  replied: number;
  skipped: number;
  failed: number;
  results: AccountResult[];
};

/** The result of an account whose run stopped; a revoked grant puts the account in error. */
async function stopped(db: SupabaseClient, account: Account, error: unknown): Promise<AccountResult> {
  const stop = error instanceof AccountStop ? error : null;
  const message =
    stop?.message ??
    (error instanceof GoogleApiError ? `Gmail answered ${error.status}: ${error.message}` : String(error));
  if (stop?.kind === 'revoked') {
    await db.from('gmail_accounts').update({ account_status: 'error', status_detail: message }).eq('id', account.id);
  }
  logError(`[gmail-auto-reply] account ${account.id}: ${message}`);
  return {
    account: account.email_address,
    replied: 0,
    skipped: 0,
    failed: 0,
    elsewhere: 0,
    status: stop?.kind ?? 'error',
    error: message,
  };
}

/** One run over the active accounts (or only `accountIds`). */
export async function processMail(
  db: SupabaseClient,
  config: GoogleConfig,
  accountIds: string[] | null,
): Promise<RunSummary> {
  const list = await activeAccounts(db, accountIds);
  const settingsOf = await settingsOfOwners(db, list);

  const summary: RunSummary = { accounts: list.length, replied: 0, skipped: 0, failed: 0, results: [] };
  for (const account of list) {
    let result: AccountResult;
    try {
      result = await processAccount(db, config, account, settingsOf(account));
    } catch (error) {
      result = await stopped(db, account, error);
    }
    summary.replied += result.replied;
    summary.skipped += result.skipped;
    summary.failed += result.failed;
    summary.results.push(result);
  }
  logInfo(
    `[gmail-auto-reply] ${summary.accounts} accounts: ${summary.replied} replied, ${summary.skipped} skipped, ${summary.failed} failed`,
  );
  return summary;
}
