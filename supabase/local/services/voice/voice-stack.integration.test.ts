// The voice service the shared test stack started: beside the API, with a key of its own.
import { describe, expect, it } from 'vitest';
import { stack } from '../../../../tests/integration/fixtures';
import { connect, record, signedUrl } from './testing/client';

describe('the voice service of the stack', () => {
  it('runs beside the API with its own key, which is not an API key of the project', async () => {
    const s = stack();
    expect(s.voiceWsOrigin).toBe(s.voiceUrl.replace('http://', 'ws://'));
    expect(await (await fetch(`${s.voiceUrl}/_health`)).text()).toBe('ok');
    expect(s.voiceApiKey).toMatch(/^sk_/);
    const refused = await fetch(`${s.voiceUrl}/v1/convai/conversation/get-signed-url?agent_id=local-chloe`, {
      headers: { 'xi-api-key': s.anonKey },
    });
    expect(refused.status).toBe(401);
    const url = await signedUrl('local-chloe', s.voiceApiKey, s.voiceUrl);
    expect(url.startsWith(`${s.voiceWsOrigin}/v1/convai/conversation?`)).toBe(true);
    const c = connect(url);
    const id = await c.metadata();
    expect((await record(id, s.voiceApiKey, s.voiceUrl)).signed).toBe(true);
    await c.close();
  });
});
