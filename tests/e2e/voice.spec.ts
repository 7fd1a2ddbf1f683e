import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { apiClient, PASSWORD, signUp, sql, test } from './fixtures';

// The voice assistant in real Chromium with a fake microphone (tests/chromium.ts), the real
// @elevenlabs/react SDK, the real voice-conversation function under Deno and the local voice
// service (supabase/local/voice.mjs) speaking the voice service's websocket protocol.

const voiceUrl = () => {
  const url = process.env.E2E_VOICE_URL;
  if (!url) throw new Error('E2E_VOICE_URL is not set: the test stack has no voice service');
  return url;
};

type Recorded = {
  conversationId: string;
  agentId: string;
  signed: boolean;
  initiation: {
    overrides: { agent?: { prompt?: { prompt?: string } }; conversation?: { text_only?: boolean } } | null;
    dynamicVariables: Record<string, string> | null;
    textOnly: boolean;
  };
  userMessages: string[];
  feedback: { score: string; eventId: number }[];
  pongs: number;
  /** Microphone audio received. */
  audioBytes: number;
  agentResponses: { eventId: number; text: string; audioBytes: number }[];
  status: 'open' | 'closed';
};

/** What the voice service recorded of a conversation (its test endpoint, behind the API key). */
async function recorded(conversationId?: string): Promise<Recorded> {
  const url = conversationId
    ? `${voiceUrl()}/_local/conversations/${conversationId}`
    : `${voiceUrl()}/_local/conversations?latest=1`;
  const response = await fetch(url, { headers: { 'xi-api-key': process.env.E2E_VOICE_API_KEY! } });
  expect(response.status).toBe(200);
  return (await response.json()) as Recorded;
}

const voiceButton = (page: Page) => page.getByRole('main').locator('button[data-phase]');
const toast = (page: Page, title: string) => page.getByRole('region', { name: /notifications/i }).getByText(title);

/**
 * The page's HTML comes first (ADR 012); the app then starts, reads the session and puts the
 * signed-in header in place: a signed-in user's call is started from that page.
 */
async function signedInHeader(page: Page) {
  await expect(page.getByRole('banner').getByRole('button', { name: /sign out/i })).toBeVisible();
}

test.describe('with a microphone', () => {
  // No service worker: requests it forwards escape page.route, which some tests use to stand in for
  // the function's refusals (the worker and offline are pwa.spec.ts's subject).
  test.use({ permissions: ['microphone'], serviceWorkers: 'block' });

  test('a guest talks to Chloe: connected, speaking with a real level, typed message, feedback, end', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    // The widget script of spec §7 sits in <head> while the app runs.
    await expect(page.locator('head script[data-voice-widget]')).toHaveAttribute(
      'src',
      `${voiceUrl()}/convai-widget-embed.js`,
    );
    await expect(page.getByText('Click above to talk with Chloe, your AI property assistant')).toBeVisible();
    const button = voiceButton(page);
    await expect(button).toHaveText('Talk to Chloe');
    await button.click();

    await expect(toast(page, 'Connected to Chloe')).toBeVisible();
    await expect(page.getByText('You can now talk to your AI property assistant')).toBeVisible();
    // The greeting's audio plays: the label and the output level follow it.
    await expect(button).toHaveText('Chloe is speaking...');
    await expect.poll(async () => Number(await button.getAttribute('data-level'))).toBeGreaterThan(0);
    await expect(button).toHaveText('End Voice Call', { timeout: 15_000 });

    const transcript = page.getByRole('list', { name: 'Transcript' });
    await expect(transcript).toContainText("Hi, I'm Chloe, your AI property assistant.");
    const guest = await recorded();
    expect(guest.signed).toBe(false);
    expect(guest.agentId).toBe('local-chloe');
    expect(guest.initiation.overrides?.agent?.prompt?.prompt).toMatch(/^You are Chloe, the property assistant/);
    expect(guest.initiation.dynamicVariables?.['user_context']).toBeUndefined();

    await page.getByLabel('Message to Chloe').fill('How do I become a founding member and investor?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(transcript).toContainText('You:How do I become a founding member and investor?');
    await expect(transcript.locator('li[data-role=agent]')).toHaveCount(2);
    await expect(transcript.locator('li[data-role=agent]').last()).toContainText('/shareholder');

    // Feedback once per agent response.
    const first = transcript.locator('li[data-role=agent]').first();
    await first.getByRole('button', { name: 'Helpful', exact: true }).click();
    await expect(first).toContainText('Thanks: marked helpful.');
    await expect(first.getByRole('button', { name: 'Helpful', exact: true })).toHaveCount(0);
    await expect
      .poll(async () => (await recorded(guest.conversationId)).feedback)
      .toEqual([{ score: 'like', eventId: 1 }]);
    expect((await recorded(guest.conversationId)).agentResponses[0]!.audioBytes).toBeGreaterThan(0);

    // Mute is a toggle.
    const mute = page.getByRole('button', { name: 'Mute microphone' });
    await mute.click();
    await expect(page.getByRole('button', { name: 'Unmute microphone' })).toHaveAttribute('aria-pressed', 'true');

    await button.click();
    await expect(toast(page, 'Conversation Ended')).toBeVisible();
    await expect(page.getByText('Voice chat with Chloe has been ended')).toBeVisible();
    await expect(button).toHaveText('Talk to Chloe');
    await expect.poll(async () => (await recorded(guest.conversationId)).status).toBe('closed');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('a signed-in user: the function signs the session and Chloe names their latest saved property', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 820, height: 1180 });
    const email = await signUp(page);
    const client = apiClient();
    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    if (error) throw error;
    const { error: insertError } = await client.from('saved_properties').insert({
      id: crypto.randomUUID(),
      user_id: data.user.id,
      title: '2 bed flat, Clapham',
      address: '7 Northcote Road, London SW11 1NP',
      price: 525000,
      key_features: ['Balcony'],
    });
    if (insertError) throw insertError;
    // Mail the assistant handled (written by server functions): one an hour old, one from two days ago.
    const [account] = await sql<{ id: string }>(
      `insert into public.gmail_accounts (user_id, email_address) values ($1, 'mover@gmail.test') returning id`,
      [data.user.id],
    );
    await sql(
      `insert into public.email_logs (user_id, gmail_account_id, sender_email, sender_name, subject, received_at)
       values ($1, $2, 'priya@agents.example', 'Priya Shah', 'Viewing on Saturday', now() - interval '1 hour'),
              ($1, $2, 'old@agents.example', 'Old Sender', 'Last week''s chain', now() - interval '2 days')`,
      [data.user.id, account!.id],
    );
    // The list is read from the device: wait for the sync to bring the property down.
    await page.goto('/saved-properties');
    await expect(page.getByText('2 bed flat, Clapham')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'All changes synced' })).toBeVisible();

    const functionCalls: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/functions/v1/voice-conversation')) functionCalls.push(response.status());
    });
    await page.goto('/');
    // The header's voice-chat button and the page's share one call.
    await signedInHeader(page);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Talk to Chloe' }).click();
    await expect(toast(page, 'Connected to Chloe')).toBeVisible();
    await expect(header.getByRole('button', { name: /End Voice Call|Chloe is speaking/ })).toBeVisible();
    const transcript = page.getByRole('list', { name: 'Transcript' });
    await expect(transcript).toContainText('I can see you saved 2 bed flat, Clapham, 7 Northcote Road');
    expect(functionCalls).toEqual([200]);

    const signed = await recorded();
    expect(signed.signed).toBe(true);
    expect(signed.initiation.dynamicVariables?.['user_context']).toContain('1. 2 bed flat, Clapham');
    expect(signed.initiation.overrides?.agent?.prompt).toBeUndefined();
    expect(signed.initiation.dynamicVariables?.['user_context']).toContain(
      'Priya Shah <priya@agents.example>: Viewing on Saturday',
    );
    expect(signed.initiation.dynamicVariables?.['user_context']).not.toContain('Old Sender');
    await expect.poll(async () => (await recorded(signed.conversationId)).pongs).toBeGreaterThan(0);
    await page.getByLabel('Message to Chloe').fill('Any emails for me today?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(transcript).toContainText(
      'In the last 24 hours you had 1 email: Priya Shah about "Viewing on Saturday".',
    );

    await voiceButton(page).click();
    await expect(toast(page, 'Conversation Ended')).toBeVisible();
  });

  test('an expired access token: the session is refreshed and the call starts on the retry', async ({ page }) => {
    await signUp(page);
    await page.goto('/');
    await signedInHeader(page);
    // Replace the stored access token with one that expired, but leave expires_at ahead, so the
    // client sends it (as a tab that slept through the expiry does) and the function refuses it.
    const expired = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'))!;
      const stored = JSON.parse(localStorage.getItem(key)!) as { access_token: string; user: { id: string } };
      return { key, userId: stored.user.id, token: stored.access_token };
    });
    const secret = new TextEncoder().encode(process.env.E2E_JWT_SECRET);
    const past = Math.floor(Date.now() / 1000) - 3600;
    const stale = await new SignJWT({ role: 'authenticated', aud: 'authenticated', sub: expired.userId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(past - 3600)
      .setExpirationTime(past)
      .sign(secret);
    await page.evaluate(
      ({ key, token }) => {
        const stored = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
        localStorage.setItem(key, JSON.stringify({ ...stored, access_token: token }));
      },
      { key: expired.key, token: stale },
    );
    // The sync would meet the stale token first and get it refreshed: keep it off the API meanwhile.
    await page.route('**/rest/v1/**', (route) => route.abort());
    await page.reload();
    const calls: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/functions/v1/voice-conversation')) calls.push(response.status());
    });
    await voiceButton(page).click();
    await expect(toast(page, 'Connected to Chloe')).toBeVisible();
    expect(calls).toEqual([401, 200]);
    await voiceButton(page).click();
    await expect(toast(page, 'Conversation Ended')).toBeVisible();
  });

  test('a function that keeps refusing the token: 2 retries, then Authentication Error', async ({ page }) => {
    await signUp(page);
    await page.goto('/');
    await signedInHeader(page);
    let calls = 0;
    await page.route('**/functions/v1/voice-conversation', (route) => {
      calls += 1;
      return route.fulfill({ status: 401, json: { error: 'Invalid JWT', code: 'session_expired' } });
    });
    await voiceButton(page).click();
    await expect(toast(page, 'Authentication Error')).toBeVisible();
    await expect(page.getByText('Please refresh the page and try signing in again')).toBeVisible();
    expect(calls).toBe(3);
    await expect(voiceButton(page)).toHaveText('Talk to Chloe');
  });

  test('the function finds no user session (signed out elsewhere): Authentication Required', async ({ page }) => {
    await signUp(page);
    await page.goto('/');
    await signedInHeader(page);
    await page.route('**/functions/v1/voice-conversation', (route) =>
      route.fulfill({ status: 401, json: { error: 'Please sign in to use Chloe', code: 'not_signed_in' } }),
    );
    await voiceButton(page).click();
    await expect(toast(page, 'Authentication Required')).toBeVisible();
    await expect(page.getByText('Please sign in to use Chloe')).toBeVisible();
    await expect(voiceButton(page)).toHaveText('Talk to Chloe');
  });

  test('?voice=true starts the call by itself for a signed-in user, and only for one', async ({ page }) => {
    await page.goto('/?voice=true');
    // Signed out: nothing starts.
    await page.waitForTimeout(2000);
    await expect(voiceButton(page)).toHaveText('Talk to Chloe');

    await signUp(page);
    await page.goto('/?voice=true');
    await expect(toast(page, 'Connected to Chloe')).toBeVisible();
    // Used once: gone from the address, so a reload or Back does not call again.
    await expect(page).toHaveURL(/\/$/);
    await expect(voiceButton(page)).toHaveText(/End Voice Call|Chloe is speaking/);
    await voiceButton(page).click();
    await expect(toast(page, 'Conversation Ended')).toBeVisible();
    // Once: ending the call does not start another.
    await page.waitForTimeout(1500);
    await expect(voiceButton(page)).toHaveText('Talk to Chloe');
  });

  test('a call goes on across pages: where the page has no voice control, a bar ends it', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/');
    await voiceButton(page).click();
    await expect(toast(page, 'Connected to Chloe')).toBeVisible();
    await page.getByRole('link', { name: 'Co-Founder' }).click();
    await expect(page).toHaveURL(/\/shareholder$/);
    const bar = page.getByRole('region', { name: 'Call with Chloe' });
    await expect(bar).toBeVisible();
    expect((await recorded()).status).toBe('open');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await bar.getByRole('button', { name: 'End Voice Call' }).click();
    await expect(toast(page, 'Conversation Ended')).toBeVisible();
    await expect(bar).toHaveCount(0);
    await expect.poll(async () => (await recorded()).status).toBe('closed');
  });

  test('offline, the button says a call needs a connection instead of failing', async ({ page, context }) => {
    await page.goto('/');
    await expect(voiceButton(page)).toBeEnabled();
    await context.setOffline(true);
    await expect(voiceButton(page)).toBeDisabled();
    await expect(page.getByText('Talking to Chloe needs an internet connection. Connect and try again.')).toBeVisible();
    await context.setOffline(false);
    await expect(voiceButton(page)).toBeEnabled();
  });

  test('the voice service down: Failed to Start with the function’s words, and nothing is stuck', async ({ page }) => {
    await signUp(page);
    await page.goto('/');
    await signedInHeader(page);
    await page.route('**/functions/v1/voice-conversation', (route) =>
      route.fulfill({
        status: 502,
        json: {
          error: 'The voice service is not available. Please try again in a moment.',
          code: 'voice_service_unavailable',
        },
      }),
    );
    await voiceButton(page).click();
    await expect(toast(page, 'Failed to Start')).toBeVisible();
    await expect(page.getByText('The voice service is not available. Please try again in a moment.')).toBeVisible();
    await expect(voiceButton(page)).toHaveText('Talk to Chloe');
    await expect(voiceButton(page)).toBeEnabled();
  });
});

test.describe('without a microphone', () => {
  test('microphone refused: the spec’s message, then the conversation goes on in text', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await voiceButton(page).click();
    await expect(toast(page, 'Failed to Start')).toBeVisible();
    await expect(
      page.getByText('Microphone access is required. Please allow microphone access and try again.'),
    ).toBeVisible();
    await expect(voiceButton(page)).toHaveText('Talk to Chloe');

    await page.getByRole('button', { name: 'Type to Chloe instead' }).click();
    await expect(toast(page, 'Connected to Chloe')).toBeVisible();
    const transcript = page.getByRole('list', { name: 'Transcript' });
    await expect(transcript).toContainText("Hi, I'm Chloe");
    await expect(page.getByRole('button', { name: 'Mute microphone' })).toHaveCount(0);
    await page.getByLabel('Message to Chloe').fill('Which properties have I saved?');
    await page.keyboard.press('Enter');
    await expect(transcript.locator('li[data-role=agent]')).toHaveCount(2);
    const text = await recorded();
    expect(text.initiation.textOnly).toBe(true);
    expect(text.userMessages).toEqual(['Which properties have I saved?']);
    expect(text.agentResponses.every((r) => r.audioBytes === 0)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

test('the voice API key is nowhere in the built app', async () => {
  const key = process.env.E2E_VOICE_API_KEY;
  expect(key && key.length >= 16).toBe(true);
  const dist = path.resolve(import.meta.dirname, '../../dist-e2e');
  const files = (await readdir(dist, { recursive: true, withFileTypes: true })).filter((f) => f.isFile());
  let sawVoiceOrigin = false;
  for (const file of files) {
    const text = await readFile(path.join(file.parentPath, file.name), 'latin1');
    expect(text.includes(key!), `${file.name} holds the voice API key`).toBe(false);
    if (text.includes(new URL(voiceUrl()).host)) sawVoiceOrigin = true;
  }
  // The scan read the real bundle: the voice service's public address is in it.
  expect(files.length).toBeGreaterThan(5);
  expect(sawVoiceOrigin).toBe(true);
});
