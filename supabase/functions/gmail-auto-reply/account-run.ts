// One account's part of a run: where its new mail starts (Gmail's history since the cursor, the
// inbox since the last run when that history has expired, and what a stopped run left pending),
// each message answered in turn, then the cursor moved on.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import type { GoogleConfig } from '../_shared/google/config.ts';
import type { GmailRef } from '../_shared/google/gmail.ts';
import { logError } from '../_shared/log.ts';
import type { AutoReplySettings } from '../_shared/reply-template.ts';
import { type Account, AccountStop, type Credentials } from './accounts.ts';
import { answerMessage } from './answer-message.ts';
import { notLogged, stalePending } from './email-log.ts';
import { gmailAccess, type GmailAccess } from './gmail-access.ts';

/** Messages per account per run: a run stays short; the rest waits for the next one. */
export const MESSAGES_PER_RUN = 50;
/** Messages listed at most when the history has expired (the rest wait for the runs after). */
const BACKLOG_MAX = 2000;

const NO_CREDENTIALS = 'Chloe holds no Gmail access for this account. Connect it again.';

export type AccountResult = {
  account: string;
  replied: number;
  skipped: number;
  failed: number;
  /** Messages another run was handling. */
  elsewhere: number;
  status: 'done' | 'disabled' | 'revoked' | 'error';
  error?: string;
};

/**
 * The messages to handle this run, and where the next run starts (null: the backlog of an expired
 * history is not done yet).
 */
async function newMail(
  db: SupabaseClient,
  gmail: GmailAccess,
  account: Account,
  cred: Credentials,
): Promise<{ refs: GmailRef[]; cursor: string | null }> {
  // No cursor yet: new mail is what comes after now.
  if (!cred.history_id) return { refs: [], cursor: (await gmail.call((api) => api.profile())).historyId };
  const historyId = cred.history_id;
  const page = await gmail.call((api) => api.history(historyId, MESSAGES_PER_RUN));
  if (!page.expired) return { refs: page.messages, cursor: page.cursor };
  // Gmail no longer keeps history that old: the inbox since the last run instead, oldest
  // first. Where "now" is, is read first, so nothing that arrives meanwhile falls in between.
  const now = (await gmail.call((api) => api.profile())).historyId;
  const since = Date.parse(account.last_sync_at ?? account.connected_at) / 1000;
  const backlog = await notLogged(db, account.id, await gmail.call((api) => api.inboxSince(since, BACKLOG_MAX)));
  return { refs: backlog.slice(0, MESSAGES_PER_RUN), cursor: backlog.length <= MESSAGES_PER_RUN ? now : null };
}

/** The account's new mail, answered; throws an AccountStop when the account cannot go on. */
export async function processAccount(
  db: SupabaseClient,
  config: GoogleConfig,
  account: Account,
  settings: AutoReplySettings,
): Promise<AccountResult> {
  const result: AccountResult = {
    account: account.email_address,
    replied: 0,
    skipped: 0,
    failed: 0,
    elsewhere: 0,
    status: 'done',
  };
  const cred = Array.isArray(account.gmail_credentials) ? account.gmail_credentials[0] : account.gmail_credentials;
  if (!cred) throw new AccountStop('revoked', NO_CREDENTIALS);
  const gmail = gmailAccess(db, config, account, cred);

  // Turned off: nothing is read. The cursor moves on, so turning it on again does not answer the
  // mail of the time it was off.
  if (!settings.enabled) {
    const { historyId } = await gmail.call((api) => api.profile());
    await db.rpc('gmail_advance_cursor', { p_gmail_account_id: account.id, p_history_id: historyId });
    return { ...result, status: 'disabled' };
  }

  const { refs, cursor } = await newMail(db, gmail, account, cred);
  // Messages a run began and never finished (it stopped half-way) are taken up again, oldest first.
  for (const ref of await stalePending(db, account.id, MESSAGES_PER_RUN)) {
    if (!refs.some((r) => r.id === ref.id)) refs.push(ref);
  }

  for (const ref of refs) {
    const counted = await answerMessage(db, gmail, account, settings, ref);
    result.replied += counted.replied ?? 0;
    result.skipped += counted.skipped ?? 0;
    result.failed += counted.failed ?? 0;
    result.elsewhere += counted.elsewhere ?? 0;
  }
  if (cursor === null) return result;
  const advanced = await db.rpc('gmail_advance_cursor', { p_gmail_account_id: account.id, p_history_id: cursor });
  if (advanced.error) logError(`[gmail-auto-reply] the cursor could not move (${advanced.error.code ?? 'no code'})`);
  return result;
}
