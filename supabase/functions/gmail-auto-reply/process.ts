// One run of the auto-reply: for every active Gmail account, the mail that arrived since the last
// run, each message logged once (replied / skipped / failed, and why), at most one reply per thread.
// Two runs may overlap (a schedule and a staff command): Postgres decides who handles a message
// (gmail_begin_message) and who answers a thread (gmail_claim_thread), so nothing is done twice.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import {
  type Gmail,
  gmail,
  GoogleApiError,
  type GoogleConfig,
  type GmailRef,
  refreshAccessToken,
} from '../_shared/google.ts';
import { logError, logInfo } from '../_shared/log.ts';
import { composeReply, decodeWords, firstNameOf, headerOf, parseSender, skipReason } from '../_shared/mail.ts';
import {
  DEFAULT_REPLY_TEMPLATE,
  fillReplyTemplate,
  PLACEHOLDERS,
  type AutoReplySettings,
} from '../_shared/reply-template.ts';

/** Messages per account per run: a run stays short; the rest waits for the next one. */
export const MESSAGES_PER_RUN = 50;
/** A pending log older than this was left by a run that stopped (gmail_begin_message's lease). */
const STALE_PENDING_MS = 5 * 60 * 1000;
/** Messages listed at most when the history has expired (the rest wait for the runs after). */
const BACKLOG_MAX = 2000;

export const REVOKED = 'Gmail access was revoked or has expired. Connect this account again.';
const NO_CREDENTIALS = 'Chloe holds no Gmail access for this account. Connect it again.';
const NO_DEMO_LINK = 'Not answered: the reply template uses {demo_link} and no demo link is set in Settings.';
const ALREADY_ANSWERED = 'Already answered in this conversation';
const DELETED = 'Deleted before Chloe could answer it';
const LEFT_INBOX = 'Left the inbox before Chloe could answer it';

type Credentials = {
  refresh_token: string;
  access_token: string | null;
  access_token_expires_at: string | null;
  scope: string | null;
  history_id: string | null;
};
type Account = {
  id: string;
  user_id: string;
  email_address: string;
  last_sync_at: string | null;
  connected_at: string;
  gmail_credentials: Credentials | Credentials[] | null;
};

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

export type RunSummary = {
  accounts: number;
  replied: number;
  skipped: number;
  failed: number;
  results: AccountResult[];
};

const DEFAULTS: AutoReplySettings = { enabled: true, reply_template: DEFAULT_REPLY_TEMPLATE, demo_link: '' };

const clip = (text: string | null, max: number) =>
  text === null ? null : text.length > max ? text.slice(0, max) : text;

/** A Gmail call that went wrong for the whole account (not one message). */
class AccountStop extends Error {
  constructor(
    readonly kind: 'revoked' | 'error',
    message: string,
  ) {
    super(message);
  }
}

/** An access token for the account, refreshed when it is (about to be) expired. */
async function accessTokenFor(
  db: SupabaseClient,
  config: GoogleConfig,
  account: Account,
  cred: Credentials,
  force = false,
) {
  const expires = cred.access_token_expires_at ? Date.parse(cred.access_token_expires_at) : 0;
  if (!force && cred.access_token && expires > Date.now() + 30_000) return cred.access_token;
  const refreshed = await refreshAccessToken(config, cred.refresh_token);
  if (!refreshed.ok)
    throw new AccountStop(refreshed.revoked ? 'revoked' : 'error', refreshed.revoked ? REVOKED : refreshed.error);
  const { error } = await db
    .from('gmail_credentials')
    .update({
      access_token: refreshed.tokens.accessToken,
      access_token_expires_at: refreshed.tokens.expiresAt.toISOString(),
      ...(refreshed.tokens.scope ? { scope: refreshed.tokens.scope } : {}),
      // Google may rotate the refresh token.
      ...(refreshed.tokens.refreshToken ? { refresh_token: refreshed.tokens.refreshToken } : {}),
    })
    .eq('gmail_account_id', account.id);
  if (error) logError(`[gmail-auto-reply] a refreshed token could not be stored (${error.code ?? 'no code'})`);
  cred.access_token = refreshed.tokens.accessToken;
  cred.access_token_expires_at = refreshed.tokens.expiresAt.toISOString();
  return refreshed.tokens.accessToken;
}

/**
 * Runs `call` with the account's Gmail; a 401 (a token revoked since it was refreshed) gets one
 * fresh token and one more try.
 */
async function withGmail<T>(
  db: SupabaseClient,
  config: GoogleConfig,
  account: Account,
  cred: Credentials,
  call: (api: Gmail) => Promise<T>,
): Promise<T> {
  try {
    return await call(gmail(config, await accessTokenFor(db, config, account, cred)));
  } catch (error) {
    if (!(error instanceof GoogleApiError) || error.status !== 401) throw error;
    return call(gmail(config, await accessTokenFor(db, config, account, cred, true)));
  }
}

async function finish(
  db: SupabaseClient,
  logId: string,
  status: 'replied' | 'skipped' | 'failed',
  reason: string | null,
) {
  const { error } = await db
    .from('email_logs')
    .update({
      reply_status: status,
      reason: clip(reason, 500),
      replied_at: status === 'replied' ? new Date().toISOString() : null,
    })
    .eq('id', logId);
  if (error) logError(`[gmail-auto-reply] a log could not be finished (${error.code ?? 'no code'})`);
}

/** `refs` without the messages that already have a log (a run handled, or is handling, them). */
async function notLogged(db: SupabaseClient, accountId: string, refs: GmailRef[]): Promise<GmailRef[]> {
  const logged = new Set<string>();
  for (let i = 0; i < refs.length; i += 100) {
    const { data, error } = await db
      .from('email_logs')
      .select('gmail_message_id')
      .eq('gmail_account_id', accountId)
      .in(
        'gmail_message_id',
        refs.slice(i, i + 100).map((r) => r.id),
      );
    if (error) throw new AccountStop('error', `The activity log could not be read (${error.code ?? 'no code'})`);
    for (const row of (data ?? []) as { gmail_message_id: string }[]) logged.add(row.gmail_message_id);
  }
  return refs.filter((r) => !logged.has(r.id));
}

/** A message gone from the inbox: a pending log of it (left by a stopped run) is closed. How many. */
async function settleGone(db: SupabaseClient, accountId: string, messageId: string, reason: string): Promise<number> {
  const { data } = await db
    .from('email_logs')
    .update({ reply_status: 'skipped', reason })
    .eq('gmail_account_id', accountId)
    .eq('gmail_message_id', messageId)
    .eq('reply_status', 'pending')
    .select('id');
  return (data ?? []).length;
}

async function processAccount(
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
  const call = <T>(fn: (api: Gmail) => Promise<T>) => withGmail(db, config, account, cred, fn);

  // Turned off: nothing is read. The cursor moves on, so turning it on again does not answer the
  // mail of the time it was off.
  if (!settings.enabled) {
    const { historyId } = await call((api) => api.profile());
    await db.rpc('gmail_advance_cursor', { p_gmail_account_id: account.id, p_history_id: historyId });
    return { ...result, status: 'disabled' };
  }

  let refs: GmailRef[] = [];
  // Where the next run starts; null: the backlog of an expired history is not done yet.
  let cursor: string | null;
  if (!cred.history_id) {
    // No cursor yet: new mail is what comes after now.
    cursor = (await call((api) => api.profile())).historyId;
  } else {
    const page = await call((api) => api.history(cred.history_id!, MESSAGES_PER_RUN));
    if (page.expired) {
      // Gmail no longer keeps history that old: the inbox since the last run instead, oldest
      // first. Where "now" is, is read first, so nothing that arrives meanwhile falls in between.
      const now = (await call((api) => api.profile())).historyId;
      const since = Date.parse(account.last_sync_at ?? account.connected_at) / 1000;
      const backlog = await notLogged(db, account.id, await call((api) => api.inboxSince(since, BACKLOG_MAX)));
      refs = backlog.slice(0, MESSAGES_PER_RUN);
      cursor = backlog.length <= MESSAGES_PER_RUN ? now : null;
    } else {
      refs = page.messages;
      cursor = page.cursor;
    }
  }

  // Messages a run began and never finished (it stopped half-way) are taken up again, oldest first.
  const stale = await db
    .from('email_logs')
    .select('gmail_message_id, gmail_thread_id')
    .eq('gmail_account_id', account.id)
    .eq('reply_status', 'pending')
    .not('gmail_message_id', 'is', null)
    .lt('updated_at', new Date(Date.now() - STALE_PENDING_MS).toISOString())
    .order('updated_at')
    .limit(MESSAGES_PER_RUN);
  for (const row of (stale.data ?? []) as { gmail_message_id: string; gmail_thread_id: string | null }[]) {
    if (!refs.some((r) => r.id === row.gmail_message_id)) {
      refs.push({ id: row.gmail_message_id, threadId: row.gmail_thread_id ?? '' });
    }
  }

  const template = settings.reply_template;
  const link = settings.demo_link.trim();
  for (const ref of refs) {
    let message;
    try {
      message = await call((api) => api.message(ref.id));
    } catch (error) {
      if (!(error instanceof GoogleApiError) || error.status !== 404) throw error;
      // Deleted since it arrived: nothing to answer (a log a stopped run left says so).
      result.skipped += await settleGone(db, account.id, ref.id, DELETED);
      continue;
    }
    // Only mail that came in: not what this mailbox sent or drafted, nor what left the inbox.
    if (!message.labelIds.includes('INBOX')) {
      result.skipped += await settleGone(db, account.id, ref.id, LEFT_INBOX);
      continue;
    }
    const headers = message.headers;
    const sender = parseSender(headerOf(headers, 'From'));
    const replyTo = parseSender(headerOf(headers, 'Reply-To'));
    const recipient = replyTo.email ? replyTo : sender;
    const rawSubject = headerOf(headers, 'Subject');
    const subject = rawSubject === null ? null : decodeWords(rawSubject);
    const receivedMs = Number(message.internalDate);
    const { data: logId, error } = await db.rpc('gmail_begin_message', {
      p_gmail_account_id: account.id,
      p_gmail_message_id: clip(message.id, 200),
      p_gmail_thread_id: clip(message.threadId, 200),
      p_sender_email: sender.email ?? '',
      p_sender_name: clip(sender.name, 200),
      p_subject: clip(subject, 1000),
      p_received_at: new Date(Number.isFinite(receivedMs) && receivedMs > 0 ? receivedMs : Date.now()).toISOString(),
    });
    if (error) throw new AccountStop('error', `The activity log could not be written (${error.code ?? 'no code'})`);
    if (!logId) {
      result.elsewhere += 1;
      continue;
    }
    const skip = skipReason(headers, recipient, account.email_address);
    if (skip) {
      await finish(db, logId as string, 'skipped', skip);
      result.skipped += 1;
      continue;
    }
    if (!link && template.includes(PLACEHOLDERS.demo_link)) {
      await finish(db, logId as string, 'skipped', NO_DEMO_LINK);
      result.skipped += 1;
      continue;
    }
    // A token that works, before the thread is claimed: a grant that fails now leaves the thread free.
    await accessTokenFor(db, config, account, cred);
    const thread = { p_gmail_account_id: account.id, p_thread_id: clip(message.threadId, 200), p_email_log_id: logId };
    const claimed = await db.rpc('gmail_claim_thread', thread);
    if (claimed.error) {
      throw new AccountStop('error', `A thread could not be claimed (${claimed.error.code ?? 'no code'})`);
    }
    if (claimed.data !== true) {
      await finish(db, logId as string, 'skipped', ALREADY_ANSWERED);
      result.skipped += 1;
      continue;
    }
    const raw = composeReply({
      from: account.email_address,
      to: recipient.email!,
      subject,
      messageId: headerOf(headers, 'Message-ID'),
      references: headerOf(headers, 'References'),
      text: fillReplyTemplate(template, { first_name: firstNameOf(sender), demo_link: link }),
    });
    try {
      await call((api) => api.send(raw, message.threadId));
      await finish(db, logId as string, 'replied', null);
      result.replied += 1;
    } catch (error) {
      if (error instanceof AccountStop) {
        // Gmail refused the token (401) and no new one could be had: nothing went out.
        await db.rpc('gmail_release_thread', thread);
        await finish(db, logId as string, 'failed', `Not sent: ${error.message}`);
        throw error;
      }
      const status = error instanceof GoogleApiError ? error.status : 0;
      if (status >= 400 && status < 500) {
        // Refused: certainly not sent, so a later message in the thread may still be answered.
        await db.rpc('gmail_release_thread', thread);
        await finish(db, logId as string, 'failed', `Gmail refused the reply (${status}).`);
      } else {
        // No answer, or Gmail's own trouble: the reply may have gone out. The thread stays
        // claimed (never two replies).
        await finish(
          db,
          logId as string,
          'failed',
          status
            ? `Gmail had a problem (${status}); the reply may not have been sent.`
            : 'Gmail did not answer in time; the reply may not have been sent.',
        );
      }
      result.failed += 1;
    }
  }
  if (cursor === null) return result;
  const advanced = await db.rpc('gmail_advance_cursor', { p_gmail_account_id: account.id, p_history_id: cursor });
  if (advanced.error) logError(`[gmail-auto-reply] the cursor could not move (${advanced.error.code ?? 'no code'})`);
  return result;
}

/** One run over the active accounts (or only `accountIds`). */
export async function processMail(
  db: SupabaseClient,
  config: GoogleConfig,
  accountIds: string[] | null,
): Promise<RunSummary> {
  let query = db
    .from('gmail_accounts')
    .select(
      'id, user_id, email_address, last_sync_at, connected_at, gmail_credentials(refresh_token, access_token, access_token_expires_at, scope, history_id)',
    )
    .eq('account_status', 'active')
    .order('created_at');
  if (accountIds) query = query.in('id', accountIds);
  const { data: accounts, error } = await query;
  if (error) throw new Error(`The accounts could not be read (${error.code ?? 'no code'})`);
  const list = (accounts ?? []) as unknown as Account[];
  const users = [...new Set(list.map((a) => a.user_id))];
  const settingsRows = users.length
    ? await db.from('auto_reply_settings').select('user_id, enabled, reply_template, demo_link').in('user_id', users)
    : { data: [], error: null };
  if (settingsRows.error) throw new Error(`The settings could not be read (${settingsRows.error.code ?? 'no code'})`);
  const settingsOf = new Map(
    (settingsRows.data as (AutoReplySettings & { user_id: string; demo_link: string | null })[]).map((s) => [
      s.user_id,
      { enabled: s.enabled, reply_template: s.reply_template, demo_link: s.demo_link ?? '' },
    ]),
  );

  const summary: RunSummary = { accounts: list.length, replied: 0, skipped: 0, failed: 0, results: [] };
  for (const account of list) {
    let result: AccountResult;
    try {
      result = await processAccount(db, config, account, settingsOf.get(account.user_id) ?? DEFAULTS);
    } catch (error) {
      const stop = error instanceof AccountStop ? error : null;
      const message =
        stop?.message ??
        (error instanceof GoogleApiError ? `Gmail answered ${error.status}: ${error.message}` : String(error));
      result = {
        account: account.email_address,
        replied: 0,
        skipped: 0,
        failed: 0,
        elsewhere: 0,
        status: stop?.kind ?? 'error',
        error: message,
      };
      if (stop?.kind === 'revoked') {
        await db
          .from('gmail_accounts')
          .update({ account_status: 'error', status_detail: message })
          .eq('id', account.id);
      }
      logError(`[gmail-auto-reply] account ${account.id}: ${message}`);
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
