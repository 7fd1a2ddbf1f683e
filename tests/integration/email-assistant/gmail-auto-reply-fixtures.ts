// What the auto-reply tests share: a connected user whose auto-reply is on, the settings saved as
// the Settings tab saves them, and the activity log of an account as Postgres holds it.
import { expect } from 'vitest';
import { sql } from '../fixtures';
import { callFunction, connectedUser, type User } from './gmail-fixtures';

/** The demo link an assistant's settings hold. */
export const LINK = 'https://example.com/book';

export type Log = {
  gmail_message_id: string;
  gmail_thread_id: string;
  sender_email: string;
  sender_name: string | null;
  subject: string | null;
  received_at: Date;
  reply_status: string;
  replied_at: Date | null;
  reason: string | null;
};

/** An account's activity log, oldest first. */
export const logsOf = (accountId: string) =>
  sql<Log>(
    `select gmail_message_id, gmail_thread_id, sender_email, sender_name, subject, received_at, reply_status,
            replied_at, reason
       from public.email_logs where gmail_account_id = $1 order by received_at, gmail_message_id`,
    [accountId],
  );

/** Saves settings as the user does from the Settings tab. */
export const saveSettings = (user: User, settings: Record<string, unknown>) =>
  callFunction('gmail-auto-reply', user.session.access_token, { settings });

/** A connected user whose auto-reply is on with a demo link; the user's id goes into `created`. */
export async function autoReplyAssistant(created: string[]) {
  const connected = await connectedUser();
  created.push(connected.user.user.id);
  expect((await saveSettings(connected.user, { enabled: true, demo_link: LINK })).status).toBe(200);
  return connected;
}
