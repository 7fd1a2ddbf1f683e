// What a run works on: the active Gmail accounts with their credentials, and their owners'
// auto-reply settings (the defaults for a user who never saved any).
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { DEFAULT_REPLY_TEMPLATE, type AutoReplySettings } from '../_shared/reply-template.ts';

export type Credentials = {
  refresh_token: string;
  access_token: string | null;
  access_token_expires_at: string | null;
  scope: string | null;
  history_id: string | null;
};

export type Account = {
  id: string;
  user_id: string;
  email_address: string;
  last_sync_at: string | null;
  connected_at: string;
  gmail_credentials: Credentials | Credentials[] | null;
};

/** Something went wrong for the whole account (not one message): its run stops there. */
export class AccountStop extends Error {
  constructor(
    readonly kind: 'revoked' | 'error',
    message: string,
  ) {
    super(message);
  }
}

const DEFAULTS: AutoReplySettings = { enabled: true, reply_template: DEFAULT_REPLY_TEMPLATE, demo_link: '' };

/** The active accounts (or only `accountIds`), oldest first. */
export async function activeAccounts(db: SupabaseClient, accountIds: string[] | null): Promise<Account[]> {
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
  return (accounts ?? []) as unknown as Account[];
}

/** Each account's owner's settings: what `settingsOf(account)` gives. */
export async function settingsOfOwners(
  db: SupabaseClient,
  accounts: Account[],
): Promise<(account: Account) => AutoReplySettings> {
  const users = [...new Set(accounts.map((a) => a.user_id))];
  const settingsRows = users.length
    ? await db.from('auto_reply_settings').select('user_id, enabled, reply_template, demo_link').in('user_id', users)
    : { data: [], error: null };
  if (settingsRows.error) throw new Error(`The settings could not be read (${settingsRows.error.code ?? 'no code'})`);
  const byUser = new Map(
    (settingsRows.data as (AutoReplySettings & { user_id: string; demo_link: string | null })[]).map((s) => [
      s.user_id,
      { enabled: s.enabled, reply_template: s.reply_template, demo_link: s.demo_link ?? '' },
    ]),
  );
  return (account) => byUser.get(account.user_id) ?? DEFAULTS;
}
