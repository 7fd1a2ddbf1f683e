// One new message: logged once (gmail_begin_message decides which run handles it), skipped with
// the reason when it must not be answered, else its thread claimed (gmail_claim_thread: one reply
// per thread) and the reply sent. A failed send gives the thread back only when nothing went out.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import type { GmailMessage, GmailRef } from '../_shared/google/gmail.ts';
import { GoogleApiError } from '../_shared/google/request.ts';
import {
  composeReply,
  decodeWords,
  firstNameOf,
  headerOf,
  parseSender,
  type Sender,
  skipReason,
} from '../_shared/mail.ts';
import { answeredBy, type AutoReplySettings, fillReplyTemplate, PLACEHOLDERS } from '../_shared/reply-template.ts';
import { type Account, AccountStop } from './accounts.ts';
import { clip, finish, settleGone } from './email-log.ts';
import type { GmailAccess } from './gmail-access.ts';

const NO_DEMO_LINK = 'Not answered: the reply template uses {demo_link} and no demo link is set in Settings.';
const ALREADY_ANSWERED = 'Already answered in this conversation';
const DELETED = 'Deleted before Chloe could answer it';
const LEFT_INBOX = 'Left the inbox before Chloe could answer it';

/** What one message adds to the account's counts. */
export type Counted = Partial<Record<'replied' | 'skipped' | 'failed' | 'elsewhere', number>>;

/** The thread a reply goes into, as gmail_claim_thread and gmail_release_thread take it. */
type ThreadClaim = { p_gmail_account_id: string; p_thread_id: string | null; p_email_log_id: string };

/** Handles the message `ref` of `account`; an AccountStop (or a Gmail failure) stops the account. */
export async function answerMessage(
  db: SupabaseClient,
  gmail: GmailAccess,
  account: Account,
  settings: AutoReplySettings,
  ref: GmailRef,
): Promise<Counted> {
  const template = settings.reply_template;
  const link = settings.demo_link.trim();
  let message;
  try {
    message = await gmail.call((api) => api.message(ref.id));
  } catch (error) {
    if (!(error instanceof GoogleApiError) || error.status !== 404) throw error;
    // Deleted since it arrived: nothing to answer (a log a stopped run left says so).
    return { skipped: await settleGone(db, account.id, ref.id, DELETED) };
  }
  // Only mail that came in: not what this mailbox sent or drafted, nor what left the inbox.
  if (!message.labelIds.includes('INBOX')) {
    return { skipped: await settleGone(db, account.id, ref.id, LEFT_INBOX) };
  }
  const headers = message.headers;
  const sender = parseSender(headerOf(headers, 'From'));
  // An automatic reply goes to the sender only, never to a Reply-To the sender chose: that would
  // let anyone relay our replies to a third party (RFC 3834: no automatic reply to a third party).
  const recipient = sender;
  const rawSubject = headerOf(headers, 'Subject');
  const subject = rawSubject === null ? null : decodeWords(rawSubject);
  const logId = await beginLog(db, account, message, sender, subject);
  // Another run is handling it.
  if (!logId) return { elsewhere: 1 };
  const log = logId as string;
  const skip = skipReason(headers, recipient, account.email_address);
  if (skip) {
    await finish(db, log, 'skipped', skip);
    return { skipped: 1 };
  }
  if (!link && template.includes(PLACEHOLDERS.demo_link)) {
    await finish(db, log, 'skipped', NO_DEMO_LINK);
    return { skipped: 1 };
  }
  // A token that works, before the thread is claimed: a grant that fails now leaves the thread free.
  await gmail.ensureToken();
  const thread = { p_gmail_account_id: account.id, p_thread_id: clip(message.threadId, 200), p_email_log_id: log };
  if (!(await claimThread(db, thread, log))) return { skipped: 1 };
  const raw = composeReply({
    from: account.email_address,
    to: recipient.email!,
    subject,
    messageId: headerOf(headers, 'Message-ID'),
    references: headerOf(headers, 'References'),
    text: fillReplyTemplate(template, { first_name: firstNameOf(sender), demo_link: link }),
  });
  return sendReply(db, gmail, { raw, threadId: message.threadId }, thread, log);
}

/** The message's log, begun; null (no error) when another run has begun it. */
async function beginLog(
  db: SupabaseClient,
  account: Account,
  message: GmailMessage,
  sender: Sender,
  subject: string | null,
): Promise<unknown> {
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
  return logId;
}

/** Claims the thread for this reply; false (the log finished as skipped) when it was answered already. */
async function claimThread(db: SupabaseClient, thread: ThreadClaim, log: string): Promise<boolean> {
  const claimed = await db.rpc('gmail_claim_thread', thread);
  if (claimed.error) {
    throw new AccountStop('error', `A thread could not be claimed (${claimed.error.code ?? 'no code'})`);
  }
  if (claimed.data === true) return true;
  // A shared inbox: the log says whose Chloe answered (null: this account's, earlier).
  const by = await db.rpc('gmail_thread_answered_by', {
    p_gmail_account_id: thread.p_gmail_account_id,
    p_thread_id: thread.p_thread_id,
  });
  const who = typeof by.data === 'string' && by.data ? by.data : null;
  await finish(db, log, 'skipped', who ? answeredBy(who) : ALREADY_ANSWERED);
  return false;
}

/** Sends the reply into its claimed thread, and logs how that went. */
async function sendReply(
  db: SupabaseClient,
  gmail: GmailAccess,
  reply: { raw: string; threadId: string },
  thread: ThreadClaim,
  log: string,
): Promise<Counted> {
  try {
    await gmail.call((api) => api.send(reply.raw, reply.threadId));
    await finish(db, log, 'replied', null);
    return { replied: 1 };
  } catch (error) {
    if (error instanceof AccountStop) {
      // Gmail refused the token (401) and no new one could be had: nothing went out.
      await db.rpc('gmail_release_thread', thread);
      await finish(db, log, 'failed', `Not sent: ${error.message}`);
      throw error;
    }
    const status = error instanceof GoogleApiError ? error.status : 0;
    if (status >= 400 && status < 500) {
      // Refused: certainly not sent, so a later message in the thread may still be answered.
      await db.rpc('gmail_release_thread', thread);
      await finish(db, log, 'failed', `Gmail refused the reply (${status}).`);
    } else {
      // No answer, or Gmail's own trouble: the reply may have gone out. The thread stays
      // claimed (never two replies).
      await finish(
        db,
        log,
        'failed',
        status
          ? `Gmail had a problem (${status}); the reply may not have been sent.`
          : 'Gmail did not answer in time; the reply may not have been sent.',
      );
    }
    return { failed: 1 };
  }
}
