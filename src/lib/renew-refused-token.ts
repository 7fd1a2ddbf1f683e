// An access token PostgREST refuses before it expires (a rotated signing key, a corrupted stored
// copy): 401 PGRST301 "JWSError JWSInvalidSignature". auth-js refreshes by the clock only, so
// without this every request failed the same way for the rest of the token's hour: sync said
// "Sync problem: JWSError…" and Retry did nothing. The refresh token may still be good: refreshed
// once, the request goes again. A refresh the auth service refuses ends the session on this device
// (auth-js drops it, the changes waiting on it stay for the next sign-in) and /auth says why;
// offline, the answer stands until later. A token a renewal gave that is refused too is not
// renewed again: the refusal stands (no refresh loop). The functions' own 401s are their callers'
// (the voice call refreshes and retries itself).

/** What renewing the session came to. */
export type Renewal = { token: string } | 'offline' | 'ended';

export interface SessionPort {
  /** The access token the session holds now (null: none). */
  current: () => Promise<string | null>;
  /** Refresh the session once. */
  refresh: () => Promise<Renewal>;
}

const bearerOf = (init?: RequestInit) => new Headers(init?.headers).get('authorization')?.replace(/^Bearer\s+/i, '');

/** PostgREST refusing the request's token (401 on the REST API: its JWT errors). */
const refusesToken = (url: URL, response: Response) => response.status === 401 && url.pathname.startsWith('/rest/v1/');

export function renewingRefusedTokens(next: typeof fetch, session: SessionPort, anonKey: string): typeof fetch {
  let renewing: Promise<Renewal> | null = null;
  // Tokens a renewal gave: refused in turn, they are not renewed again.
  const renewed = new Set<string>();
  const renewOnce = () => {
    renewing ??= session.refresh().finally(() => {
      renewing = null;
    });
    return renewing;
  };
  return async (input, init) => {
    const response = await next(input, init);
    const bearer = bearerOf(init);
    // Only a user's token is renewed, and only a request that can be sent again as it was.
    if (!bearer || bearer === anonKey || input instanceof Request) return response;
    const url = new URL(input instanceof URL ? input.href : input);
    if (!refusesToken(url, response) || renewed.has(bearer)) return response;
    const now = await session.current();
    // Another request renewed it meanwhile: this one goes again with the new token.
    const renewal = now && now !== bearer ? { token: now } : await renewOnce();
    if (typeof renewal !== 'object') return response;
    if (renewed.size > 20) renewed.clear();
    renewed.add(renewal.token);
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${renewal.token}`);
    return next(input, { ...init, headers });
  };
}
