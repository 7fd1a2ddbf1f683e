import { useCallback } from 'react';
import type { Tables } from '../../../generated/database.types';
import type { UserDatabase } from '../../../data/database';
import { supabase } from '../../../lib/supabase';
import { useKeptQuery, type KeptQuery } from '../../../data/kept-query';

export type GmailAccount = Pick<
  Tables<'gmail_accounts'>,
  'id' | 'email_address' | 'account_status' | 'status_detail' | 'created_at' | 'connected_at' | 'last_sync_at'
> & {
  /** How many other Chloe accounts have connected this mailbox too (docs/decisions/022). */
  shared_with?: number;
};

/** The user's connected Gmail accounts, newest first. Online data (docs/product/sync.md#online-only-data). */
export async function listGmailAccounts(userId: string): Promise<GmailAccount[]> {
  const { data, error } = await supabase
    .from('gmail_accounts')
    .select('id, email_address, account_status, status_detail, created_at, connected_at, last_sync_at')
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  if (error) throw error;
  const shared = await supabase.rpc('gmail_shared_mailboxes');
  if (shared.error) throw shared.error;
  // {address (lower case): how many other Chloe accounts}, from the database's own jsonb.
  const others = (shared.data ?? {}) as Record<string, number>;
  return data.map((a) => ({ ...a, shared_with: others[a.email_address.toLowerCase()] ?? 0 }));
}

/** The accounts, with the last loaded list kept on the device for reading offline. */
export function useGmailAccounts(db: UserDatabase | null, userId: string): KeptQuery<GmailAccount[]> {
  return useKeptQuery(
    db,
    'gmail_accounts',
    useCallback(() => listGmailAccounts(userId), [userId]),
  );
}
