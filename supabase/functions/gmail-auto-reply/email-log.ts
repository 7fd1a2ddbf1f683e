// The activity log (email_logs) as a run writes it: each message logged once, a pending log
// finished as replied, skipped or failed with its reason, and what a stopped run left pending.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import type { GmailRef } from '../_shared/google/gmail.ts';
import { logError } from '../_shared/log.ts';
import { AccountStop } from './accounts.ts';

/** A pending log older than this was left by a run that stopped (gmail_begin_message's lease). */
const STALE_PENDING_MS = 5 * 60 * 1000;

/** `text` cut to the column's bound. */
export const clip = (text: string | null, max: number) =>
  text === null ? null : text.length > max ? text.slice(0, max) : text;

/** Closes a pending log as replied, skipped or failed (with why). */
export async function finish(
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
export async function notLogged(db: SupabaseClient, accountId: string, refs: GmailRef[]): Promise<GmailRef[]> {
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
export async function settleGone(
  db: SupabaseClient,
  accountId: string,
  messageId: string,
  reason: string,
): Promise<number> {
  const { data } = await db
    .from('email_logs')
    .update({ reply_status: 'skipped', reason })
    .eq('gmail_account_id', accountId)
    .eq('gmail_message_id', messageId)
    .eq('reply_status', 'pending')
    .select('id');
  return (data ?? []).length;
}

/** Messages a run began and never finished (it stopped half-way), oldest first, at most `limit`. */
export async function stalePending(db: SupabaseClient, accountId: string, limit: number): Promise<GmailRef[]> {
  const stale = await db
    .from('email_logs')
    .select('gmail_message_id, gmail_thread_id')
    .eq('gmail_account_id', accountId)
    .eq('reply_status', 'pending')
    .not('gmail_message_id', 'is', null)
    .lt('updated_at', new Date(Date.now() - STALE_PENDING_MS).toISOString())
    .order('updated_at')
    .limit(limit);
  return ((stale.data ?? []) as { gmail_message_id: string; gmail_thread_id: string | null }[]).map((row) => ({
    id: row.gmail_message_id,
    threadId: row.gmail_thread_id ?? '',
  }));
}
