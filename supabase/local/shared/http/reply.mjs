// @ts-check
// How every local service writes an answer: JSON, HTML or plain text, with the headers it adds.

/** @typedef {import('node:http').ServerResponse} ServerResponse */

/**
 * JSON, or no body at all when `body` is undefined (a 204, a redirect). `headers` may replace the
 * content type (Google's APIs add their charset).
 * @param {ServerResponse} res @param {number} status @param {unknown} body
 * @param {import('node:http').OutgoingHttpHeaders} [headers]
 */
export function sendJson(res, status, body, headers = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, text ? { 'content-type': 'application/json', ...headers } : headers);
  res.end(text);
}

/**
 * A page. @param {ServerResponse} res @param {number} status @param {string} html
 * @param {import('node:http').OutgoingHttpHeaders} [headers]
 */
export function sendHtml(res, status, html, headers = {}) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
  res.end(html);
}

/**
 * Plain text (a health check's "ok", a bare 404). @param {ServerResponse} res @param {number} status
 * @param {string} text @param {import('node:http').OutgoingHttpHeaders} [headers]
 */
export function sendText(res, status, text, headers = {}) {
  res.writeHead(status, { 'content-type': 'text/plain', ...headers });
  res.end(text);
}

/** A redirect with nothing in the body. @param {ServerResponse} res @param {string} location */
export function redirect(res, location, status = 302) {
  res.writeHead(status, { location });
  res.end();
}

/** Text made safe to put inside HTML, attribute values included. @param {string} s */
export const escapeHtml = (s) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
