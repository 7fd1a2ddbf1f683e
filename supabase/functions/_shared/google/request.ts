// One call to a Google API with an access token: a time limit, and a failure as a GoogleApiError
// with Google's own words (never the token).

/** How long any call to Google may take. */
export const TIMEOUT_MS = 10_000;

/** A failed Gmail or userinfo call: `status` 0 when Google could not be reached. */
export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GoogleApiError';
  }
}

/** The JSON answer of `url`, called with the access token; throws a GoogleApiError. */
export async function getJson(
  url: string,
  accessToken: string,
  init: RequestInit = {},
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { ...(init.headers ?? {}), authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new GoogleApiError(0, `Google could not be reached (${error instanceof Error ? error.name : 'Error'})`);
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const detail = (body.error as { message?: unknown } | undefined)?.message;
    throw new GoogleApiError(
      response.status,
      typeof detail === 'string' ? detail.slice(0, 200) : `status ${response.status}`,
    );
  }
  return body;
}
