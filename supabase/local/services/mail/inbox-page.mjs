// @ts-check
// The local inbox as a page: every message with its subject, address, time and body.
import { escapeHtml } from '../../shared/http/reply.mjs';

/** @param {import('./mailbox.mjs').Mail[]} mails */
export function inboxPage(mails) {
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
