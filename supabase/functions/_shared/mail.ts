// Mail as the auto-reply reads and writes it: who sent a message, whether it deserves an answer
// (RFC 3834: never answer automatic, bulk or list mail, nor oneself), and the reply itself as an
// RFC 2822 message for Gmail's messages.send, threaded to the original.
import { textToBase64url } from './encoding.ts';
import type { GmailHeader } from './google/gmail.ts';

export type Sender = { email: string | null; name: string | null };

/** A header's value (the first of that name), or null. */
export const headerOf = (headers: GmailHeader[], name: string) =>
  headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? null;

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

/** The bytes of one encoded word's text. */
function wordBytes(encoding: string, text: string): number[] {
  if (encoding.toUpperCase() === 'B') return Array.from(atob(text), (c) => c.charCodeAt(0));
  const binary = text
    .replace(/_/g, ' ')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Decodes RFC 2047 encoded words (=?UTF-8?B?…?=, =?…?Q?…?=) in a header value. Adjacent words are
 * one text (the white space between them is not part of it, §6.2), decoded together so that a
 * character split over two of them comes out whole.
 */
export function decodeWords(value: string): string {
  let out = '';
  let at = 0;
  let run: { charset: string; bytes: number[] } | null = null;
  const flush = () => {
    if (!run) return;
    try {
      const label = run.charset.toLowerCase() === 'utf8' ? 'utf-8' : run.charset;
      out += new TextDecoder(label).decode(new Uint8Array(run.bytes));
    } catch {
      out += '\ufffd';
    }
    run = null;
  };
  for (const match of value.matchAll(ENCODED_WORD)) {
    const [whole, charset, encoding, text] = match as unknown as [string, string, string, string];
    const between = value.slice(at, match.index);
    if (!(run && /^\s*$/.test(between))) {
      flush();
      out += between;
    }
    let bytes: number[];
    try {
      bytes = wordBytes(encoding, text);
    } catch {
      flush();
      out += whole;
      at = match.index + whole.length;
      continue;
    }
    if (run && run.charset.toLowerCase() === charset.toLowerCase()) run.bytes.push(...bytes);
    else {
      flush();
      run = { charset, bytes };
    }
    at = match.index + whole.length;
  }
  flush();
  return out + value.slice(at);
}

/** Longest address the log keeps, and the longest one answered. */
const MAX_ADDRESS = 320;
/** One plain address: no list, no route, no quoted local part (nothing a reply could fan out to). */
const ADDRESS = /^[^\s<>,;:"()[\]\\@]+@[^\s<>,;:"()[\]\\@]+\.[^\s<>,;:"()[\]\\@]+$/;

/**
 * `"Priya Shah" <priya@example.com>` → { email: 'priya@example.com', name: 'Priya Shah' }. One
 * mailbox only: a header naming several (a list, a group) names no one to answer.
 */
export function parseSender(from: string | null): Sender {
  if (!from) return { email: null, name: null };
  const decoded = decodeWords(from).trim();
  // Outside quoted names and comments, a comma or semicolon separates mailboxes.
  const bare = decoded.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/\([^()]*\)/g, '');
  if (/[,;]/.test(bare)) return { email: null, name: null };
  const angle = /^(.*?)<([^<>]*)>\s*$/.exec(decoded);
  // `priya@example.com (Priya Shah)`: the old comment form of a name.
  const comment = /\(([^()]+)\)/.exec(decoded)?.[1]?.trim() || null;
  const name = angle
    ? angle[1]!
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .replace(/\\(.)/g, '$1')
        .trim() || null
    : comment;
  const candidate = (angle ? angle[2]! : decoded.replace(/\([^()]*\)/g, '')).trim();
  const email = candidate.length <= MAX_ADDRESS && ADDRESS.test(candidate) ? candidate.toLowerCase() : null;
  return { email, name };
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
 * `recipient` is who the reply would go to (the sender, never a Reply-To); `own` is the mailbox's
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

/** A folded header line's continuation (RFC 5322 §2.2.3): a line break and a space. */
const FOLD = '\r\n ';

/**
 * RFC 2047 for a header value that is not plain ASCII: encoded words of at most 45 bytes each
 * (72 characters, under the 75 allowed), never splitting a character, folded one per line.
 */
function encodeWords(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const encoder = new TextEncoder();
  const words: string[] = [];
  let chunk = '';
  for (const char of value) {
    if (encoder.encode(chunk + char).length > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${base64(w)}?=`).join(FOLD);
}

/** Message ids a reply refers to: the last 20 at most, each on its own line. */
const MAX_REFERENCES = 20;

/** 'Re: ' + the subject, unless it already is a reply. */
export function replySubject(subject: string | null): string {
  // A subject line stays well under the 998 characters a line of mail may have.
  const s = oneLine(subject ?? '').slice(0, 900);
  if (!s) return 'Re: your email';
  return /^re:/i.test(s) ? s : `Re: ${s}`;
}

/**
 * The reply to `original` as Gmail's messages.send wants it (`raw`, base64url): to the sender,
 * threaded by In-Reply-To and References, marked Auto-Submitted: auto-replied so
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
  const messageId = opts.messageId ? oneLine(opts.messageId).slice(0, 998) : null;
  const ids = [...(opts.references ? oneLine(opts.references).split(/\s+/) : []), messageId ?? '']
    .filter((id) => /^<[^<>\s]{1,250}>$/.test(id))
    .slice(-MAX_REFERENCES);
  const references = ids.join(FOLD);
  // Base64 body lines: any text, any length, survives every mail hop unchanged.
  const body = base64(opts.text.replace(/\r?\n/g, '\r\n')).replace(/.{76}/g, '$&\r\n');
  const lines = [
    `From: ${oneLine(opts.from)}`,
    `To: ${oneLine(opts.to)}`,
    `Subject: ${encodeWords(replySubject(opts.subject))}`,
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
