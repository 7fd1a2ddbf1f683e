// The app served on another port (APP_PORT=4273 npm start): a sign-up's confirmation link sends
// the browser back to that app, not to config.toml's site_url (:4173), as a hosted project's Site
// URL does. On a stack of its own, with confirmations on.
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ownStack } from '../../../../tests/stack-fixture';

const APP = 'http://localhost:4273';
const own = ownStack({ confirmSignups: true, appOrigins: [APP, 'http://127.0.0.1:4273'] }, { beforeAll, afterAll });

it("a confirmation link goes back to the app's own address", async () => {
  const client = createClient(own.stack!.info.apiUrl, own.stack!.info.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const email = `site-${randomUUID().slice(0, 8)}@example.test`;
  expect((await client.auth.signUp({ email, password: 'site-url-password' })).error).toBeNull();
  const mails = (await (await fetch(`${own.stack!.info.mailUrl}/api/messages?to=${email}`)).json()) as {
    text: string;
  }[];
  const link = new URL(/(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mails[0]!.text)![1]!);
  expect(link.searchParams.get('redirect_to')).toBe(APP);
  const followed = await fetch(link, { redirect: 'manual' });
  expect(new URL(followed.headers.get('location')!).origin).toBe(APP);
});
