// @ts-check
// The local Google's pages for people: the consent page's frame, its error page, and the
// mailboxes' overview at `/`.
import { escapeHtml } from '../../shared/http/reply.mjs';
import { decodeWords, header } from './rfc2822.mjs';

/** A page in Google's sign-in style. @param {string} title @param {string} content */
export function page(title, content) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,sans-serif;margin:0;padding:1rem;color:#1f1f1f;background:#f0f4f9;overflow-wrap:anywhere}
main{max-width:30rem;margin:2rem auto;background:#fff;border-radius:1.5rem;padding:1.5rem}
h1{font-size:1.5rem;font-weight:500}fieldset{border:0;padding:0;margin:1rem 0;display:grid;gap:.5rem}
label.account{display:flex;gap:.75rem;align-items:center;padding:.75rem;border:1px solid #c4c7c5;border-radius:.75rem}
.actions{display:flex;gap:.75rem;justify-content:flex-end;flex-wrap:wrap;margin-top:1.5rem}
button{font:inherit;padding:.6rem 1.4rem;border-radius:999px;border:1px solid #747775;background:#fff;color:#0b57d0;cursor:pointer}
button.primary{background:#0b57d0;color:#fff;border-color:#0b57d0}input[type=email]{font:inherit;padding:.5rem;width:100%;box-sizing:border-box}
.muted{color:#444746;font-size:.9rem}article{border-top:1px solid #c4c7c5;padding:.75rem 0}pre{white-space:pre-wrap;font:inherit}
</style></head><body><main>${content}</main></body></html>`;
}

/** The page Google shows for a request it will not redirect (a bad client or redirect URI). @param {string} title @param {string} detail */
export const errorPage = (title, detail) =>
  page(
    'Sign in - Google Accounts',
    `<h1>Access blocked: this request is invalid</h1><p><strong>${escapeHtml(title)}</strong></p><p>${escapeHtml(detail)}</p>`,
  );

/** The local mailboxes, for people: what came in and what was sent. @param {import('./store.mjs').Mailbox[]} mailboxes */
export function mailboxesPage(mailboxes) {
  const boxes = [...mailboxes]
    .sort((a, b) => a.email.localeCompare(b.email))
    .map((box) => {
      const messages = [...box.messages]
        .reverse()
        .slice(0, 50)
        .map(
          (m) =>
            `<article><p><strong>${escapeHtml(decodeWords(header(m, 'Subject') ?? '(no subject)'))}</strong></p><p class="muted">${
              m.labelIds.includes('SENT') ? 'Sent to' : 'From'
            } ${escapeHtml(m.labelIds.includes('SENT') ? (header(m, 'To') ?? '') : (header(m, 'From') ?? ''))} · ${escapeHtml(
              new Date(Number(m.internalDate)).toISOString(),
            )} · ${escapeHtml(m.labelIds.join(', '))}</p><pre>${escapeHtml(m.body.slice(0, 2000))}</pre></article>`,
        )
        .join('');
      return `<section><h2>${escapeHtml(box.name)} &lt;${escapeHtml(box.email)}&gt;</h2>${messages || '<p class="muted">No mail yet.</p>'}</section>`;
    })
    .join('');
  return page(
    'Local Google',
    `<h1>Local Google</h1><p class="muted">Mailboxes of the local Google stand-in (nothing leaves this machine). Drop a message in with <code>npm run staff -- mail-in --to … --from … --subject …</code>.</p>${boxes}`,
  );
}
