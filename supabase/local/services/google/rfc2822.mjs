// @ts-check
// Mail as text (RFC 2822 / 2047): what `messages.send` receives in `raw`, and its headers.

/** @typedef {{ name: string, value: string }} Header */

/** The address in `Name <a@b>` or `a@b`, lower-cased; null without one. @param {string} value */
export function addressOf(value) {
  const angle = /<([^<>\s]+@[^<>\s]+)>/.exec(value);
  const bare = angle?.[1] ?? /([^\s<>,;"]+@[^\s<>,;"]+)/.exec(value)?.[1];
  return bare ? bare.toLowerCase() : null;
}

/** A header's value (any case of its name), or null. @param {{ headers: Header[] }} m @param {string} name */
export const header = (m, name) => m.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? null;

/**
 * Decodes an RFC 2047 encoded-word header (=?UTF-8?B?...?= / Q) for display; the white space between
 * two adjacent encoded words is not part of the text (§6.2).
 * @param {string} value
 */
export function decodeWords(value) {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (
        /** @type {string} */ _,
        /** @type {string} */ _charset,
        /** @type {string} */ encoding,
        /** @type {string} */ text,
      ) => {
        if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
        const bytes = text
          .replace(/_/g, ' ')
          .replace(/=([0-9A-Fa-f]{2})/g, (/** @type {string} */ __, /** @type {string} */ h) =>
            String.fromCharCode(parseInt(h, 16)),
          );
        return Buffer.from(bytes, 'latin1').toString('utf8');
      },
    );
}

/** An RFC 2822 message (as `messages.send` gets it in `raw`): its headers and body. @param {string} text */
export function parseRfc2822(text) {
  const normalised = text.replace(/\r\n/g, '\n');
  const split = normalised.indexOf('\n\n');
  const head = split === -1 ? normalised : normalised.slice(0, split);
  let body = split === -1 ? '' : normalised.slice(split + 2);
  /** @type {Header[]} */
  const headers = [];
  for (const line of head.split('\n')) {
    const last = headers[headers.length - 1];
    if (/^[ \t]/.test(line) && last) last.value += ` ${line.trim()}`;
    else {
      const colon = line.indexOf(':');
      if (colon > 0) headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
    }
  }
  const encoding = headers.find((h) => h.name.toLowerCase() === 'content-transfer-encoding')?.value.toLowerCase();
  if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { headers, body };
}
