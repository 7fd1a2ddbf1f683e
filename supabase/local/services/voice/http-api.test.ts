// @vitest-environment node
// The voice service's HTTP side: the signed-URL endpoint and its key, the conversations kept
// behind the same key, and the widget script the app loads (what it does: widget.test.ts).
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { KEY, useVoiceService } from './testing/client';

const voice = useVoiceService();
const { signedUrl } = voice;

describe('the signed-URL endpoint', () => {
  const endpoint = (query: string) => `${voice.url}/v1/convai/conversation/get-signed-url${query}`;

  it('answers only with the API key, names a missing or unknown agent, and signs a one-conversation URL', async () => {
    const wrong: Record<string, string>[] = [{}, { 'xi-api-key': 'sk_wrong' }, { 'xi-api-key': `${KEY}x` }];
    for (const headers of wrong) {
      const res = await fetch(endpoint('?agent_id=local-chloe'), { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    }
    const headers = { 'xi-api-key': KEY };
    expect((await fetch(endpoint(''), { headers })).status).toBe(422);
    const unknown = await fetch(endpoint('?agent_id=agent_nope'), { headers });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ detail: { status: 'agent_not_found' } });

    const withId = new URL(await signedUrl('local-sarah'));
    expect(`${withId.protocol}//${withId.host}`).toBe(voice.wsOrigin);
    expect(withId.pathname).toBe('/v1/convai/conversation');
    expect(withId.searchParams.get('agent_id')).toBe('local-sarah');
    expect(withId.searchParams.get('conversation_signature')).toMatch(/^[0-9a-f]{48}$/);
    expect(withId.searchParams.get('conversation_id')).toMatch(/^conv_[0-9a-f]{24}$/);

    const without = await fetch(endpoint('?agent_id=local-sarah'), { headers });
    const url = new URL(((await without.json()) as { signed_url: string }).signed_url);
    expect(url.searchParams.has('conversation_id')).toBe(false);
    expect(url.searchParams.get('conversation_signature')).not.toBe(withId.searchParams.get('conversation_signature'));
    expect(voice.logs.join('\n')).not.toContain(KEY);
  });

  it('keeps what conversations received behind the same key', async () => {
    expect((await fetch(`${voice.url}/_local/conversations?latest=1`)).status).toBe(401);
    expect((await fetch(`${voice.url}/_local/conversations/conv_x`, { headers: { 'xi-api-key': 'no' } })).status).toBe(
      401,
    );
    expect((await fetch(`${voice.url}/_local/conversations/conv_x`, { headers: { 'xi-api-key': KEY } })).status).toBe(
      404,
    );
  });
});

describe('the widget script', () => {
  it('is served as JavaScript to any origin, for this service, and defines <elevenlabs-convai> once', async () => {
    const res = await fetch(`${voice.url}/convai-widget-embed.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const script = await res.text();
    // Its calls go to this service's websocket (widget.test.ts holds one).
    expect(script).toContain(`"wsOrigin":${JSON.stringify(voice.wsOrigin)}`);

    // Run it twice against a minimal custom-element registry, as a page loading it twice would.
    const defined = new Map<string, unknown>();
    const context = vm.createContext({
      HTMLElement: class {},
      customElements: {
        get: (name: string) => defined.get(name),
        define: (name: string, ctor: unknown) => {
          if (defined.has(name)) throw new Error(`${name} defined twice`);
          defined.set(name, ctor);
        },
      },
    });
    vm.runInContext(script, context);
    vm.runInContext(script, context);
    expect([...defined.keys()]).toEqual(['elevenlabs-convai']);
    expect(typeof defined.get('elevenlabs-convai')).toBe('function');
    expect((await fetch(`${voice.url}/_health`)).status).toBe(200);
  });
});
