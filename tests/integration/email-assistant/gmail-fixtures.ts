// The email assistant's steps, as the browser and Google take them, against the local stack: a
// consent through the local Google's real pages, the functions called as the app calls them, mail
// dropped into a local inbox, a run of the auto-reply with the service-role key.
import { createHmac, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { runAutoReply } from '../../../supabase/local/stack/auto-reply.mjs';
import { GMAIL_CALLBACK_PATH } from '../../../supabase/local/stack/index.mjs';
import { newUser, stack } from '../fixtures';

/** The app origin the test stack allows first (index.mjs' default APP_ORIGINS). */
export const APP_ORIGIN = 'http://localhost:4173';

export type User = Awaited<ReturnType<typeof newUser>>;

export interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** POST to a function through the gateway, as supabase.functions.invoke does from the app. */
export async function callFunction(
  name: 'gmail-oauth' | 'gmail-auto-reply',
  token: string | null,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const s = stack();
  const res = await fetch(`${s.apiUrl}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: s.anonKey,
      'content-type': 'application/json',
      authorization: `Bearer ${token ?? s.anonKey}`,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A mailbox of its own in the local Google, so tests never share one. */
export async function newMailbox(label = 'box'): Promise<string> {
  const email = `${label}-${randomUUID().slice(0, 8)}@gmail.test`;
  const res = await fetch(`${stack().googleUrl}/_local/mailboxes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name: `Test ${label}` }),
  });
  expect(res.status).toBe(201);
  return email;
}

/** `initiate` as the dashboard calls it (from the app's origin): Google's consent URL. */
export async function initiate(user: User, origin: string | null = APP_ORIGIN): Promise<URL> {
  const reply = await callFunction(
    'gmail-oauth',
    user.session.access_token,
    { action: 'initiate' },
    origin ? { origin } : {},
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return new URL(reply.body.authUrl as string);
}

/**
 * The person at Google's consent page: opens it, picks `account`, answers. Resolves with where
 * Google sends the popup back (the app's callback page, with `code` and `state`, or `error`).
 */
export async function consent(authUrl: URL, account: string, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  const page = await fetch(authUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const id = /name="consent" value="([0-9a-f]+)"/.exec(html)?.[1];
  expect(id, html.slice(0, 400)).toBeTruthy();
  const answer = await fetch(new URL('/o/oauth2/v2/auth', authUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ consent: id!, other: account, decision }),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}

/** `complete` as the dashboard calls it with what the callback page handed over. */
export const complete = (user: User, code: string | null, state: string | null) =>
  callFunction('gmail-oauth', user.session.access_token, { action: 'complete', code, state });

/** A user with `mailbox` connected through the whole consent; the account's id. */
export async function connectedUser(mailbox?: string) {
  const user = await newUser();
  const email = mailbox ?? (await newMailbox());
  const back = await consent(await initiate(user), email);
  const reply = await complete(user, back.searchParams.get('code'), back.searchParams.get('state'));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const account = reply.body.account as { id: string; email_address: string };
  expect(account.email_address).toBe(email);
  return { user, mailbox: email, accountId: account.id };
}

/** The app's callback page for `origin`: where Google must send the popup back. */
export const callbackFor = (origin = APP_ORIGIN) => `${origin}${GMAIL_CALLBACK_PATH}`;

export interface LocalMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  internalDate: string;
  headers: { name: string; value: string }[];
  body: string;
  subject: string;
}

/** Delivers a message into a local inbox (what `npm run staff -- mail-in` does). */
export async function mailIn(
  to: string,
  message: { from: string; subject?: string; text?: string; headers?: Record<string, string>; threadId?: string },
): Promise<{ id: string; threadId: string }> {
  const res = await fetch(`${stack().googleUrl}/_local/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to, subject: 'Hello', text: 'Hi there', ...message }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; threadId: string };
}

/** Everything in a local mailbox, inbox and sent. */
export async function mailboxOf(email: string): Promise<LocalMessage[]> {
  const res = await fetch(`${stack().googleUrl}/_local/mailboxes/${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: LocalMessage[] }).messages;
}

export const sentFrom = async (email: string) => (await mailboxOf(email)).filter((m) => m.labelIds.includes('SENT'));

/** A local-Google fault or tool: /_local/mailboxes/<email>/<what>. */
export async function localGoogle(
  email: string,
  what: 'revoke' | 'fail-sends' | 'forget-history' | 'slow' | 'archive',
  body: unknown = {},
) {
  const res = await fetch(`${stack().googleUrl}/_local/mailboxes/${encodeURIComponent(email)}/${what}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json() as Promise<Record<string, unknown>>;
}

/** One run of the auto-reply over `accountIds` (the schedule's call, with the service-role key). */
export const runOnce = (accountIds: string[]) =>
  runAutoReply({ apiUrl: stack().apiUrl, serviceRoleKey: stack().serviceRoleKey, accountIds });

/** A header of a local message. */
export const headerOf = (m: LocalMessage, name: string) =>
  m.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? null;

/** The text of a sent message (its body is base64, as composeReply writes it). */
export const textOf = (m: LocalMessage) => m.body.replace(/\r\n/g, '\n');

/**
 * A state as supabase/functions/_shared/oauth-state.ts signs one, for states the function would not
 * hand out (expired ones).
 */
export function signState(nonce: string, userId: string, expiresAt: number, serviceRoleKey = stack().serviceRoleKey) {
  const key = createHmac('sha256', serviceRoleKey).update('gmail-oauth-state').digest();
  const signature = createHmac('sha256', key)
    .update(`gmail-oauth-state.v1:${nonce}:${userId}:${expiresAt}`)
    .digest('base64url');
  return `v1.${nonce}.${userId}.${expiresAt}.${signature}`;
}
