// The API gateway in front of PostgREST, auth and the functions: the API key, and the CORS answers
// a browser on another origin needs.
import { describe, expect, it } from 'vitest';
import { stack } from '../../../tests/integration/fixtures';

describe('gateway', () => {
  it('refuses requests without a valid API key, like hosted Supabase', async () => {
    const none = await fetch(`${stack().apiUrl}/rest/v1/`, {});
    expect(none.status).toBe(401);
    const bad = await fetch(`${stack().apiUrl}/rest/v1/`, { headers: { apikey: 'nope' } });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { message?: string }).message).toBe('Invalid API key');
  });

  it('answers a browser preflight from another origin', async () => {
    const res = await fetch(`${stack().apiUrl}/rest/v1/saved_properties`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, apikey, content-type, x-assessment-token',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('x-assessment-token');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('exposes Content-Range to browsers for counted selects', async () => {
    const res = await fetch(`${stack().apiUrl}/auth/v1/health`, { headers: { apikey: stack().anonKey } });
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });
});
