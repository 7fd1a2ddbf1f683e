// @ts-check
// Where an auth link may send the browser, matched as Supabase Auth matches it
// (internal/utilities: IsRedirectURLValid): the parsed URL, never a prefix of its text. Allowed:
// the site URL's scheme and host (any port on a loopback host, as RFC 8252 asks), a loopback IP,
// or a match of one of `additional_redirect_urls` read as globs whose `*` stops at '.' and '/'.
// Anything else falls back to the site URL. Stricter than Supabase Auth in one point: a URL with a
// user or password (`http://site@evil.example/`) is never accepted, whatever it matches.

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0', '[::]']);
const DECIMAL_HOST = /^[0-9]+$/;
const REGULAR_HOST = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** @param {string} c */
const escape = (c) => c.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/**
 * A pattern of `additional_redirect_urls` as the glob Supabase Auth compiles it (gobwas/glob with
 * '.' and '/' as separators): `*` any run without a separator, `**` any run, `?` one character
 * that is not a separator, `[a-z]` / `[!a-z]` a class, `{a,b}` either, `\` escapes.
 * @param {string} pattern @returns {RegExp}
 */
export function globToRegExp(pattern) {
  let out = '';
  let depth = 0;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = /** @type {string} */ (pattern[i]);
    if (c === '\\' && i + 1 < pattern.length) {
      i += 1;
      out += escape(/** @type {string} */ (pattern[i]));
    } else if (c === '*') {
      if (pattern[i + 1] === '*') {
        i += 1;
        out += '.*';
      } else out += '[^./]*';
    } else if (c === '?') out += '[^./]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) out += '\\[';
      else {
        const body = pattern.slice(i + 1, end);
        out += body.startsWith('!') ? `[^${body.slice(1).replace(/\\/g, '\\\\')}]` : `[${body.replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else if (c === '{') {
      depth += 1;
      out += '(?:';
    } else if (c === '}' && depth > 0) {
      depth -= 1;
      out += ')';
    } else if (c === ',' && depth > 0) out += '|';
    else out += escape(c);
  }
  while (depth-- > 0) out += ')';
  return new RegExp(`^${out}$`);
}

/** @param {string} hostname as URL gives it (an IPv6 address in brackets) */
const isLoopback = (hostname) => LOOPBACK_NAMES.has(hostname.toLowerCase()) || /^127\./.test(hostname);

/** The host of an absolute URL's text, lower-cased, without its port. @param {string} text */
function rawHost(text) {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i.exec(text)?.[1];
  if (authority === undefined) return null;
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1).toLowerCase();
  return hostPort.startsWith('[') ? hostPort.slice(0, hostPort.indexOf(']') + 1) : (hostPort.split(':')[0] ?? '');
}

/**
 * Whether a link may send the browser to `wanted`.
 * @param {string} wanted @param {string} siteUrl @param {string[]} allowed
 */
export function isRedirectAllowed(wanted, siteUrl, allowed) {
  if (!wanted) return false;
  /** @type {URL} */
  let url;
  /** @type {URL} */
  let site;
  try {
    url = new URL(wanted);
    site = new URL(siteUrl);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  // The host as written: WHATWG's URL turns 'http://2130706433/' into 127.0.0.1, Go's does not.
  const host = rawHost(wanted) ?? url.hostname;
  if (host === site.hostname && url.protocol === site.protocol && (url.port === site.port || isLoopback(host))) {
    return true;
  }
  const http = url.protocol === 'http:' || url.protocol === 'https:';
  if (DECIMAL_HOST.test(host)) return false;
  if (IPV4.test(host) || host.startsWith('[')) return isLoopback(host);
  if (http && !REGULAR_HOST.test(host)) return false;
  const withoutFragment = wanted.split('#')[0] ?? '';
  return allowed.some((pattern) => globToRegExp(pattern).test(withoutFragment));
}

/**
 * Where a link sends the browser: `wanted` when allowed, else the site URL.
 * @param {string | null} wanted @param {string} siteUrl @param {string[]} allowed
 */
export const redirectTarget = (wanted, siteUrl, allowed) =>
  wanted && isRedirectAllowed(wanted, siteUrl, allowed) ? wanted : siteUrl;
