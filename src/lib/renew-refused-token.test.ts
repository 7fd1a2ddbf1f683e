import { describe, expect, it, vi } from 'vitest';
import { renewingRefusedTokens, type Renewal, type SessionPort } from './renew-refused-token';

// A stored access token that no longer verifies, beside a good refresh token: the request is
// answered after one refresh, and a session that cannot be renewed ends here.
const ANON = 'anon-key';
const API = 'http://api.test';
const jwsError = () =>
  new Response(JSON.stringify({ code: 'PGRST301', message: 'JWSError JWSInvalidSignature' }), { status: 401 });
const ok = () => new Response('[]', { status: 200 });

function server(goodToken: string) {
  const seen: string[] = [];
  const send = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
    const token = new Headers(init?.headers).get('authorization')?.replace('Bearer ', '') ?? '';
    seen.push(token);
    return Promise.resolve(token === goodToken || token === ANON ? ok() : jwsError());
  });
  return { send: send as unknown as typeof fetch, seen };
}

function port(renewal: Renewal, current: string | null = 'bad') {
  return {
    current: vi.fn(() => Promise.resolve(current)),
    refresh: vi.fn(() => Promise.resolve(renewal)),
  } satisfies SessionPort;
}

const get = (f: typeof fetch, token: string, path = '/rest/v1/email_logs') =>
  f(`${API}${path}`, { headers: { authorization: `Bearer ${token}`, apikey: ANON } });

describe('renewingRefusedTokens', () => {
  it('refreshes once and sends again with the new token', async () => {
    const s = server('good');
    const p = port({ token: 'good' });
    const f = renewingRefusedTokens(s.send, p, ANON);
    const answers = await Promise.all([get(f, 'bad'), get(f, 'bad'), get(f, 'bad')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // Three refused requests, one refresh between them.
    expect(p.refresh).toHaveBeenCalledOnce();
    expect(s.seen.filter((t) => t === 'good')).toHaveLength(3);
  });

  it('a token renewed meanwhile by another request is used without another refresh', async () => {
    const s = server('good');
    const p = port({ token: 'unused' }, 'good');
    const answer = await get(renewingRefusedTokens(s.send, p, ANON), 'bad');
    expect(answer.status).toBe(200);
    expect(p.refresh).not.toHaveBeenCalled();
  });

  it('offline, the refusal stands and the session stays', async () => {
    const s = server('good');
    const p = port('offline');
    const answer = await get(renewingRefusedTokens(s.send, p, ANON), 'bad');
    expect(answer.status).toBe(401);
  });

  it('a renewed token refused in turn is answered as refused, and not renewed again (no refresh loop)', async () => {
    const s = server('never');
    const p = port({ token: 'new-but-refused' });
    const f = renewingRefusedTokens(s.send, p, ANON);
    expect((await get(f, 'bad')).status).toBe(401);
    expect((await get(f, 'new-but-refused')).status).toBe(401);
    expect(p.refresh).toHaveBeenCalledOnce();
    expect(s.seen).toEqual(['bad', 'new-but-refused', 'new-but-refused']);
  });

  it("leaves the anon key and the functions' 401s (their callers' business) alone", async () => {
    const p = port({ token: 'good' }, 'user-token');
    const refused = vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ code: 'session_expired' }), { status: 401 })),
    ) as unknown as typeof fetch;
    const f = renewingRefusedTokens(refused, p, ANON);
    expect((await get(f, 'user-token', '/functions/v1/voice-conversation')).status).toBe(401);
    expect((await get(f, ANON)).status).toBe(401);
    expect(p.refresh).not.toHaveBeenCalled();
  });
});
