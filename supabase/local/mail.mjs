// @ts-check
// A local mail catcher, like the Inbucket/Mailpit the Supabase CLI runs on :54324: what the auth
// service would send (password reset links) lands here instead of in a real inbox. An inbox page
// at `/`, and `/api/messages?to=<address>` (newest first) for tests.
import { randomUUID } from 'node:crypto';
import http from 'node:http';

/** @typedef {{ id: string, to: string, subject: string, text: string, html: string, created_at: string }} Mail */

const KEEP = 500;

/** @param {string} s */
const escapeHtml = (s) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The messages sent while the stack runs (memory only: a restart empties the inbox). */
export function createMailbox() {
  /** @type {Mail[]} */
  const messages = [];
  return {
    /** @param {{ to: string, subject: string, text: string, html: string }} mail */
    send(mail) {
      messages.unshift({ id: randomUUID(), created_at: new Date().toISOString(), ...mail });
      messages.length = Math.min(messages.length, KEEP);
    },
    /** @param {string | null} to */
    list: (to) => (to ? messages.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : [...messages]),
  };
}

/** @typedef {ReturnType<typeof createMailbox>} Mailbox */

/** @param {Mail[]} mails */
function inboxPage(mails) {
  const items = mails
    .map(
      (m) =>
        `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(
          m.created_at,
        )}</p><div>${m.html}</div></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local inbox</title><style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;overflow-wrap:anywhere}
article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#555}</style></head>
<body><main><h1>Local inbox</h1><p>Mail the local auth service sent (nothing leaves this machine).</p>${
    items || '<p>No mail yet.</p>'
  }</main></body></html>`;
}

/**
 * Serves the mailbox on `port`; `stop()` closes it.
 * @param {{ port: number, mailbox: Mailbox }} opts
 */
export function startMailServer({ port, mailbox }) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/api/messages') {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      return res.end(JSON.stringify(mailbox.list(url.searchParams.get('to'))));
    }
    if (req.method === 'GET' && url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(inboxPage(mailbox.list(url.searchParams.get('to'))));
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
  });
  return new Promise(
    /** @param {(value: { url: string, stop: () => Promise<void> }) => void} resolve */ (resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () =>
        resolve({
          url: `http://localhost:${port}`,
          stop: () => new Promise((done) => server.close(() => done())),
        }),
      );
    },
  );
}
