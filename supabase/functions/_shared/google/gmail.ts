// The Gmail API calls the auto-reply makes, as the access token's account: where new mail starts
// (profile, history, or the inbox since a date when the history has expired), one message's
// headers, and sending a reply into its thread.
import type { GoogleConfig } from './config.ts';
import { getJson, GoogleApiError } from './request.ts';

export type GmailRef = { id: string; threadId: string };
export type GmailHeader = { name: string; value: string };
export type GmailMessage = GmailRef & { labelIds: string[]; internalDate: string; headers: GmailHeader[] };

/** The headers the assistant reads: who wrote, about what, and whether it is bulk or automatic. */
export const METADATA_HEADERS = [
  'From',
  'To',
  'Subject',
  'Message-ID',
  'References',
  'In-Reply-To',
  'Reply-To',
  'Auto-Submitted',
  'Precedence',
  'List-Id',
  'List-Unsubscribe',
  'X-Auto-Response-Suppress',
  'Return-Path',
] as const;

/** What `history` answers: the messages and the cursor after them, or that the history has expired. */
type HistorySince = { expired: true } | { expired: false; messages: GmailRef[]; cursor: string };

/** Gmail's history of the mailbox at `base`, page by page (see `history` below). */
async function history(
  base: string,
  accessToken: string,
  startHistoryId: string,
  limit: number,
): Promise<HistorySince> {
  const messages: GmailRef[] = [];
  const seen = new Set<string>();
  let pageToken: string | null = null;
  let cursor = startHistoryId;
  for (;;) {
    const url = new URL(`${base}/history`);
    url.searchParams.set('startHistoryId', startHistoryId);
    url.searchParams.set('historyTypes', 'messageAdded');
    url.searchParams.set('labelId', 'INBOX');
    url.searchParams.set('maxResults', '100');
    if (pageToken) url.searchParams.set('pageToken', pageToken);
    let page: Record<string, unknown>;
    try {
      page = await getJson(url.href, accessToken);
    } catch (error) {
      if (error instanceof GoogleApiError && error.status === 404) return { expired: true };
      throw error;
    }
    const records = Array.isArray(page.history) ? (page.history as Record<string, unknown>[]) : [];
    for (const record of records) {
      const added = Array.isArray(record.messagesAdded) ? (record.messagesAdded as { message?: GmailRef }[]) : [];
      const fresh = added.map((a) => a.message).filter((m): m is GmailRef => Boolean(m?.id) && !seen.has(m!.id));
      if (messages.length && messages.length + fresh.length > limit) {
        // The rest waits for the next run: the cursor stops before this record.
        return { expired: false, messages, cursor };
      }
      for (const m of fresh) {
        seen.add(m.id);
        messages.push({ id: m.id, threadId: m.threadId });
      }
      if (typeof record.id === 'string') cursor = record.id;
    }
    pageToken = typeof page.nextPageToken === 'string' ? page.nextPageToken : null;
    if (!pageToken) {
      if (typeof page.historyId === 'string') cursor = page.historyId;
      return { expired: false, messages, cursor };
    }
  }
}

/** One mailbox's Gmail API, as the access token's account ('me'). */
export function gmail(config: GoogleConfig, accessToken: string) {
  const base = `${config.gmailUrl}/gmail/v1/users/me`;
  return {
    profile: async () => {
      const p = await getJson(`${base}/profile`, accessToken);
      return { emailAddress: String(p.emailAddress ?? ''), historyId: String(p.historyId ?? '') };
    },
    /**
     * Messages added to the inbox after `startHistoryId`, oldest first, at most `limit`; the
     * cursor to continue from. `expired` when Gmail no longer has history that old (404).
     */
    history: (startHistoryId: string, limit: number) => history(base, accessToken, startHistoryId, limit),
    /**
     * Inbox messages received after `afterSeconds` (the fallback when history has expired), oldest
     * first: every page, up to `limit` (the newest, when there are more).
     */
    inboxSince: async (afterSeconds: number, limit: number): Promise<GmailRef[]> => {
      const refs: GmailRef[] = [];
      let pageToken: string | null = null;
      do {
        const url = new URL(`${base}/messages`);
        url.searchParams.set('q', `in:inbox after:${Math.floor(afterSeconds)}`);
        url.searchParams.set('maxResults', '500');
        if (pageToken) url.searchParams.set('pageToken', pageToken);
        const page = await getJson(url.href, accessToken);
        for (const m of Array.isArray(page.messages) ? (page.messages as GmailRef[]) : []) {
          refs.push({ id: m.id, threadId: m.threadId });
        }
        pageToken = typeof page.nextPageToken === 'string' ? page.nextPageToken : null;
      } while (pageToken && refs.length < limit);
      // Gmail lists newest first.
      return refs.slice(0, limit).reverse();
    },
    message: async (id: string): Promise<GmailMessage> => {
      const url = new URL(`${base}/messages/${encodeURIComponent(id)}`);
      url.searchParams.set('format', 'metadata');
      for (const h of METADATA_HEADERS) url.searchParams.append('metadataHeaders', h);
      const m = await getJson(url.href, accessToken);
      const payload = (m.payload ?? {}) as { headers?: GmailHeader[] };
      return {
        id: String(m.id ?? id),
        threadId: String(m.threadId ?? ''),
        labelIds: Array.isArray(m.labelIds) ? (m.labelIds as string[]) : [],
        internalDate: String(m.internalDate ?? ''),
        headers: Array.isArray(payload.headers) ? payload.headers : [],
      };
    },
    send: async (raw: string, threadId: string): Promise<GmailRef> => {
      const sent = await getJson(`${base}/messages/send`, accessToken, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ raw, threadId }),
      });
      return { id: String(sent.id ?? ''), threadId: String(sent.threadId ?? threadId) };
    },
  };
}

export type Gmail = ReturnType<typeof gmail>;
