// A path as it may be written to a log: what could be a secret is replaced. Unknown paths are
// logged (docs/product/screens.md#not-found), and a mistyped link can carry an assessment token, an
// email address or a key=value pair copied from a query string.

/** 128-bit tokens are 22+ characters of base64url or 32 of hex: long runs with a digit are masked. */
const SECRET_LIKE = /^(?=.*\d)[A-Za-z0-9_\-.~%]{16,}$/;

export function redactPath(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const redacted = path
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // A malformed escape is logged as it came.
      }
      if (decoded.includes('@') || decoded.includes('=') || SECRET_LIKE.test(segment)) return ':redacted';
      return segment;
    })
    .join('/');
  // A pasted novel is not a path: keep the log line short.
  return redacted.length > 300 ? `${redacted.slice(0, 300)}…` : redacted;
}
