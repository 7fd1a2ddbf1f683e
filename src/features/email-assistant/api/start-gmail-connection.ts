import { invokeFunction, type InvokeFailure } from '../../../lib/invoke';

/** Google's consent URL for the signed-in user (gmail-oauth `initiate`), or why there is none. */
export async function startGmailConnection(): Promise<
  { ok: true; authUrl: string } | InvokeFailure | { ok: false; kind: 'no-url' }
> {
  const result = await invokeFunction<{ authUrl?: unknown }>('gmail-oauth', { action: 'initiate' });
  if (!result.ok) return result;
  const authUrl = result.data?.authUrl;
  if (typeof authUrl !== 'string' || !/^https?:\/\//i.test(authUrl)) return { ok: false, kind: 'no-url' };
  return { ok: true, authUrl };
}

/**
 * Hands Google's answer (relayed from the popup by the callback page) to the server, which checks
 * that this user started the consent and connects the mailbox (gmail-oauth `complete`).
 */
export async function completeGmailConnection(code: string, state: string) {
  return invokeFunction<{ account?: { id: string; email_address: string } }>('gmail-oauth', {
    action: 'complete',
    code,
    state,
  });
}
