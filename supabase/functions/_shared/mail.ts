// Mail as the auto-reply reads and writes it: who sent a message, whether it deserves an answer
// (RFC 3834: never answer automatic, bulk or list mail, nor oneself), and the reply itself as an
// RFC 2822 message for Gmail's messages.send, threaded to the original.
import { textToBase64url } from './encoding.ts';
import type { GmailHeader } from './google.ts';

export type Sender = { email: string | null; name: string | null };

/** A header's value (the first of that name), or null. */
export const headerOf = (headers: GmailHeader[], name: string) =>
  headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? null;

/** Decodes RFC 2047 encoded words (=?UTF-8?B?…?=, =?…?Q?…?=) in a header value. */
export function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
    (whole, charset: string, encoding: string, text: string) => {
      try {
        const bytes =
          encoding.toUpperCase() === 'B'
            ? Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
            : Uint8Array.from(
                text
                  .replace(/_/g, ' ')
                  .replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
                (c) => c.charCodeAt(0),
              );
        return new TextDecoder(charset.toLowerCase() === 'utf8' ? 'utf-8' : charset).decode(bytes);
      } catch {
        return whole;
      }
    },
  );
}

/** `"Priya Shah" <priya@example.com>` → { email: 'priya@example.com', name: 'Priya Shah' }. */
export function parseSender(from: string | null): Sender {
  if (!from) return { email: null, name: null };
  const decoded = decodeWords(from).trim();
  const angle = /^(.*?)<\s*([^<>\s]+@[^<>\s]+)\s*>\s*$/.exec(decoded);
  if (angle) {
    const name = angle[1]!
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .replace(/\\(.)/g, '$1')
      .trim();
    return { email: angle[2]!.toLowerCase(), name: name || null };
  }
  const bare = /([^\s<>,;"()]+@[^\s<>,;"()]+\.[^\s<>,;"()]+)/.exec(decoded)?.[1];
  // `priya@example.com (Priya Shah)`: the old comment form of a name.
  const comment = /\(([^()]+)\)/.exec(decoded)?.[1]?.trim();
  return { email: bare ? bare.toLowerCase() : null, name: comment || null };
}

/** The name to greet: the first word of the sender's name, or 'there' ('Hi there,'). */
export function firstNameOf(sender: Sender): string {
  const name = sender.name?.trim();
  // 'Shah, Priya' is written surname first.
  const given = name?.includes(',') ? name.split(',')[1]?.trim() : name;
  const first = given?.split(/\s+/)[0]?.replace(/[^\p{L}\p{M}'’-]/gu, '');
  return first && first.length <= 50 && !name?.includes('@') ? first : 'there';
}

const NO_REPLY_LOCAL_PART =
  /^(no[-_.]?reply|do[-_.]?not[-_.]?reply|noreply|mailer[-_.]?daemon|postmaster|bounces?|notifications?)([-_.+].*)?$/i;

/**
 * Why this message must not get an automatic reply, in words for the activity log; null when it may.
 * `recipient` is who the reply would go to (the Reply-To, else the sender); `own` is the mailbox's
 * own address.
 */
export function skipReason(headers: GmailHeader[], recipient: Sender, own: string): string | null {
  const autoSubmitted = headerOf(headers, 'Auto-Submitted')?.trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return 'Sent automatically (Auto-Submitted), so it gets no reply';
  const suppress = headerOf(headers, 'X-Auto-Response-Suppress')?.toLowerCase() ?? '';
  if (/\b(all|autoreply|oof)\b/.test(suppress)) return 'The sender asked for no automatic replies';
  if (headerOf(headers, 'List-Id') || headerOf(headers, 'List-Unsubscribe')) {
    return 'Sent to a mailing list, so it gets no reply';
  }
  const precedence = headerOf(headers, 'Precedence')?.trim().toLowerCase();
  if (precedence === 'bulk' || precedence === 'junk' || precedence === 'list') {
    return 'Bulk mail, so it gets no reply';
  }
  // A bounce or delivery report has an empty return path.
  if (headerOf(headers, 'Return-Path')?.trim() === '<>') return 'A delivery report, so it gets no reply';
  if (!recipient.email) return 'No sender address to reply to';
  if (recipient.email === own.toLowerCase()) return 'Sent from this mailbox, so it gets no reply';
  const local = recipient.email.split('@')[0] ?? '';
  if (NO_REPLY_LOCAL_PART.test(local)) return 'The sender does not take replies (a no-reply address)';
  return null;
}

/** A header value on one line (no header can be injected through a subject or a name). */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/** UTF-8 text as (padded) base64. */
function base64(text: string): string {
  let binary = '';
  for (const b of new TextEncoder().encode(text)) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** RFC 2047 for a header value that is not plain ASCII. */
const encodeWord = (value: string) => (/^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${base64(value)}?=`);

/** 'Re: ' + the subject, unless it already is a reply. */
export function replySubject(subject: string | null): string {
  const s = oneLine(subject ?? '');
  if (!s) return 'Re: your email';
  return /^re:/i.test(s) ? s : `Re: ${s}`;
}

/**
 * The reply to `original` as Gmail's messages.send wants it (`raw`, base64url): to the sender (or
 * their Reply-To), threaded by In-Reply-To and References, marked Auto-Submitted: auto-replied so
 * other assistants do not answer it in turn.
 */
export function composeReply(opts: {
  from: string;
  to: string;
  subject: string | null;
  messageId: string | null;
  references: string | null;
  text: string;
}): string {
  const messageId = opts.messageId ? oneLine(opts.messageId) : null;
  const references = [opts.references ? oneLine(opts.references) : '', messageId ?? ''].filter(Boolean).join(' ');
  // Base64 body lines: any text, any length, survives every mail hop unchanged.
  const body = base64(opts.text.replace(/\r?\n/g, '\r\n')).replace(/.{76}/g, '$&\r\n');
  const lines = [
    `From: ${oneLine(opts.from)}`,
    `To: ${oneLine(opts.to)}`,
    `Subject: ${encodeWord(replySubject(opts.subject))}`,
    ...(messageId ? [`In-Reply-To: ${messageId}`] : []),
    ...(references ? [`References: ${references}`] : []),
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    body,
  ];
  return textToBase64url(lines.join('\r\n'));
}
