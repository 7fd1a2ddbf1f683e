// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAssessmentClient } from './assessment-client';
import { supabase } from './supabase';

// What the browser is asked to keep of each API answer: nothing (a shared tablet's disk cache
// held a signed-out user's emails and saved properties).
describe('API requests leave nothing in the HTTP cache', () => {
  afterEach(() => vi.unstubAllGlobals());

  const seen = () => {
    const calls: { url: string; cache: RequestCache | undefined }[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      calls.push({ url, cache: init?.cache ?? (input instanceof Request ? input.cache : undefined) });
      return Promise.resolve(new Response('[]', { headers: { 'content-type': 'application/json' } }));
    });
    return calls;
  };

  it("the app's client: tables, functions and auth", async () => {
    const calls = seen();
    await supabase.from('email_logs').select('id');
    await supabase.rpc('sync_horizon');
    await supabase.functions.invoke('gmail-auto-reply', { body: {} });
    await supabase.auth.signInWithPassword({ email: 'ada@example.com', password: 'not-a-real-one' });
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
      '/rest/v1/email_logs',
      '/rest/v1/rpc/sync_horizon',
      '/functions/v1/gmail-auto-reply',
      '/auth/v1/token',
    ]);
    expect(calls.map((c) => c.cache)).toEqual(['no-store', 'no-store', 'no-store', 'no-store']);
  });

  it("an assessment link's client", async () => {
    const calls = seen();
    await createAssessmentClient('token-1').from('agent_assessments').select('id');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.cache).toBe('no-store');
  });
});
