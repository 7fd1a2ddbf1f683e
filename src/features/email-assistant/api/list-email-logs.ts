import { useCallback } from 'react';
import type { UserDatabase } from '../../../data/database';
import { supabase } from '../../../lib/supabase';
import { useKeptQuery, useReloadOnChange, type KeptQuery } from '../../../data/kept-query';

/** The dashboard shows at most this many (docs/product/limits.md#email-assistant). */
export const EMAIL_LOG_LIMIT = 100;

/** The user's handled emails, joined to their Gmail accounts, newest first, 100 at most. */
export async function listEmailLogs(userId: string) {
  const { data, error } = await supabase
    .from('email_logs')
    .select(
      'id, sender_email, sender_name, subject, received_at, reply_status, replied_at, reason, gmail_accounts!inner(email_address, user_id)',
    )
    .eq('gmail_accounts.user_id', userId)
    .eq('_deleted', false)
    .order('received_at', { ascending: false })
    .limit(EMAIL_LOG_LIMIT);
  if (error) throw error;
  return data;
}

export type EmailLog = Awaited<ReturnType<typeof listEmailLogs>>[number];

/**
 * The logs, with the last loaded list kept on the device for reading offline. A log written while
 * the page is open reaches the synced email_logs within a moment (the live channel), and the list
 * is asked for again then.
 */
export function useEmailLogs(db: UserDatabase | null, userId: string): KeptQuery<EmailLog[]> {
  const logs = useKeptQuery(
    db,
    'email_logs',
    useCallback(() => listEmailLogs(userId), [userId]),
  );
  useReloadOnChange(db?.email_logs, logs.reload);
  return logs;
}
