// Which app may start a Gmail consent, and so where Google sends the popup back: APP_ORIGINS,
// comma-separated (the first is the app's main address). Each origin's callback page must be a
// redirect URI of the Google OAuth client.

/** The origins of APP_ORIGINS, normalised (`https://app.example.com`), unusable ones left out. */
export function appOrigins(raw = Deno.env.get('APP_ORIGINS') ?? ''): string[] {
  const origins: string[] = [];
  for (const part of raw.split(',')) {
    const text = part.trim();
    if (!text) continue;
    try {
      const url = new URL(text);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.push(url.origin);
    } catch {
      // Not a URL: ignored (and so never a place to send a code to).
    }
  }
  return origins;
}

/**
 * The origin the popup goes back to: the calling page's own (its Origin header) when it is one of
 * `allowed`; the main one when the request names none (a tool, not a browser); null for any other.
 */
export function returnOrigin(requestOrigin: string | null, allowed: string[]): string | null {
  if (!requestOrigin) return allowed[0] ?? null;
  return allowed.includes(requestOrigin) ? requestOrigin : null;
}
