import { expect } from '@playwright/test';
import { SignJWT } from 'jose';
import { apiClient, PASSWORD, signUp, sql, test } from './fixtures';
import { stackFault } from './stack-faults';
import { recorded, signedInHeader, toast, voiceButton } from './voice-fixtures';
import { WHOLE_BROWSER } from '../chromium';

// A signed-in user's voice calls: the voice-conversation function (under Deno) signs the session
// with the user's context from the device, a refused token is refreshed and retried, and each of
// the function's refusals is told in the toast's words.

/** A user's token with its signature spoilt: a JWT with their claims that the auth service refuses. */
const spoilt = (token: string) => {
  const [header, payload, signature = ''] = token.split('.');
  return `${header}.${payload}.${[...signature].reverse().join('')}`;
};

// The whole browser: the headless shell captures no audio (tests/chromium.ts).
test.use({ launchOptions: WHOLE_BROWSER });

test.describe('with a microphone', () => {
  // No service worker: requests it forwards escape page.route, which some tests use to change what a
  // request carries to the real function (the worker and offline are pwa.spec.ts's subject).
  test.use({ permissions: ['microphone'], serviceWorkers: 'block' });

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
      'From "Priya Shah" <priya@agents.example>, subject "Viewing on Saturday"',
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
    // Every token the page sends arrives with its signature spoilt: the real function asks the auth
    // service, which refuses it, however often the page refreshes.
    const answers: number[] = [];
    await page.route('**/functions/v1/voice-conversation', async (route) => {
      const headers = route.request().headers();
      const token = headers.authorization?.replace(/^Bearer /, '') ?? '';
      await route.continue({ headers: { ...headers, authorization: `Bearer ${spoilt(token)}` } });
    });
    page.on('response', (r) => {
      if (r.url().includes('/functions/v1/voice-conversation')) answers.push(r.status());
    });
    await voiceButton(page).click();
    await expect(toast(page, 'Authentication Error')).toBeVisible();
    await expect(page.getByText('Please refresh the page and try signing in again')).toBeVisible();
    expect(answers).toEqual([401, 401, 401]);
    await expect(voiceButton(page)).toHaveText('Talk to Chloe');
  });

  test('the function finds no user session (signed out elsewhere): Authentication Required', async ({ page }) => {
    await signUp(page);
    await page.goto('/');
    await signedInHeader(page);
    // The request arrives as supabase-js sends one with no session: the public key as the bearer.
    await page.route('**/functions/v1/voice-conversation', (route) =>
      route.continue({
        headers: { ...route.request().headers(), authorization: `Bearer ${process.env.E2E_ANON_KEY!}` },
      }),
    );
    await voiceButton(page).click();
    await expect(toast(page, 'Authentication Required')).toBeVisible();
    await expect(page.getByText('Please sign in to use Chloe')).toBeVisible();
    await expect(voiceButton(page)).toHaveText('Talk to Chloe');
  });

  test('?voice=true starts the call by itself for a signed-in user, and only for one', async ({ page }) => {
    // The page's clock, moved past the auto-start's delay (AUTO_START_DELAY_MS, 1 s, in
    // src/features/voice/voice-rules.ts): a start that was going to come would have come.
    await page.clock.install();
    const pastTheDelay = () => page.clock.runFor(5_000);
    await page.goto('/?voice=true');
    // Signed out (the page knows it: Sign In is shown): nothing starts.
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    await pastTheDelay();
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
    await pastTheDelay();
    await expect(voiceButton(page)).toHaveText('Talk to Chloe');
  });

  test('the voice service down: Failed to Start with the function’s words, and nothing is stuck', async ({ page }) => {
    await signUp(page);
    await page.goto('/');
    await signedInHeader(page);
    await stackFault('stopVoice');
    try {
      await voiceButton(page).click();
      await expect(toast(page, 'Failed to Start')).toBeVisible();
      await expect(page.getByText('The voice service is not available. Please try again in a moment.')).toBeVisible();
      await expect(voiceButton(page)).toHaveText('Talk to Chloe');
      await expect(voiceButton(page)).toBeEnabled();
    } finally {
      await stackFault('startVoice');
    }
  });
});
