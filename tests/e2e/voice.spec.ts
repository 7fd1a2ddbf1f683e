import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { test } from './fixtures';
import { recorded, toast, voiceButton, voiceUrl } from './voice-fixtures';
import { WHOLE_BROWSER } from '../chromium';

// The voice assistant in real Chromium with a fake microphone (tests/chromium.ts), the real
// @elevenlabs/react SDK and the local voice service (supabase/local) speaking the voice service's
// websocket protocol: a guest's call, by voice or by text, across pages and offline. A signed-in
// user's calls, signed by the voice-conversation function, are voice-signed-in.spec.ts's.

// The whole browser: the headless shell captures no audio (tests/chromium.ts).
test.use({ launchOptions: WHOLE_BROWSER });

test.describe('with a microphone', () => {
  // No service worker: requests it forwards escape page.route, which some tests use to stand in for
  // the function's refusals (the worker and offline are pwa.spec.ts's subject).
  test.use({ permissions: ['microphone'], serviceWorkers: 'block' });

  test('a guest talks to Chloe: connected, speaking with a real level, typed message, feedback, end', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    // The widget script (docs/product/voice.md#widget) sits in <head> while the app runs.
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

  test('a call goes on across pages: where the page has no voice control, a bar ends it', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/');
    await voiceButton(page).click();
    await expect(toast(page, 'Connected to Chloe')).toBeVisible();
    await page.getByRole('link', { name: 'Co-Founder' }).click();
    await expect(page).toHaveURL(/\/shareholder$/);
    const bar = page.getByRole('region', { name: 'Call with Chloe' });
    await expect(bar).toBeVisible();
    // The page's embedded widget steps aside while the app's call is live (one call at a time).
    const widgetCall = page.locator('elevenlabs-convai').getByRole('button', { name: 'Start a call' });
    await expect(widgetCall).toBeHidden();
    expect((await recorded()).status).toBe('open');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await bar.getByRole('button', { name: 'End Voice Call' }).click();
    await expect(toast(page, 'Conversation Ended')).toBeVisible();
    await expect(bar).toHaveCount(0);
    await expect(widgetCall).toBeVisible();
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
});

test.describe('without a microphone', () => {
  test('microphone refused: the no-microphone message, then the conversation goes on in text', async ({ page }) => {
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
