import { expect, type Locator, type Page } from '@playwright/test';
import { axeProblems, layoutProblem } from './checks';
import { test } from './fixtures';
import { recorded } from './voice-fixtures';
import { WHOLE_BROWSER } from '../chromium';

// The embedded voice widget (docs/product/voice.md#widget) as the local voice service's stand-in
// draws it, in real Chromium with a fake microphone: a call button at the bottom right that fits a
// phone and hides none of the page's own controls; pressed from the keyboard, a call with the
// page's agent told the page's dynamic variables; End call ends it.

// The whole browser: the headless shell captures no audio (tests/chromium.ts).
test.use({ permissions: ['microphone'], launchOptions: WHOLE_BROWSER });

const widgetOf = (page: Page) => page.locator('elevenlabs-convai');

/**
 * Whether the middle of `control`, scrolled to the middle of the window (or as near as the page
 * scrolls: the last controls stay at its foot), is what a tap there reaches, not the widget.
 */
const reachable = (control: Locator) =>
  control.evaluate((el) => {
    el.scrollIntoView({ block: 'center' });
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (el === hit || el.contains(hit));
  });

/** At 390 px: the widget's button drawn, nothing wider than the window, axe clean, `controls` reachable. */
async function fitsAPhone(page: Page, controls: Locator[]) {
  const start = widgetOf(page).getByRole('button', { name: 'Start a call' });
  await expect(start).toBeVisible();
  const box = (await start.boundingBox())!;
  expect(box.width).toBeGreaterThan(40);
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(layoutProblem)).toBeNull();
  expect(await axeProblems(page)).toEqual([]);
  for (const control of controls) expect(await reachable(control), String(control)).toBe(true);
}

/** Starts a call from the keyboard, checks what the service received, types a question, ends it. */
async function callByKeyboard(page: Page, agentId: string, greeting: string) {
  const widget = widgetOf(page);
  const status = widget.getByRole('status');
  await expect(status).toHaveText('Need help?');
  const start = widget.getByRole('button', { name: 'Start a call' });
  await start.focus();
  // Visible focus.
  expect(await start.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');

  await expect(status).toHaveText(/^Connected: /);
  const transcript = widget.getByRole('log', { name: 'Transcript' });
  await expect(transcript).toContainText(`Agent: ${greeting}`);
  const call = await recorded();
  expect(call.agentId).toBe(agentId);
  expect(call.signed).toBe(false);
  // The page's dynamic variables, as the element carries them.
  const variables = JSON.parse((await widget.getAttribute('dynamic-variables')) ?? '{}') as Record<string, string>;
  expect(call.initiation.dynamicVariables).toEqual(variables);
  // The agent's audio plays; the fake microphone streams.
  await expect(status).toHaveText('Connected: agent speaking');
  await expect.poll(async () => (await recorded(call.conversationId)).audioBytes).toBeGreaterThan(0);

  await widget.getByRole('textbox', { name: 'Text message input' }).fill('How do I become a founding member?');
  await page.keyboard.press('Enter');
  await expect(transcript).toContainText('You: How do I become a founding member?');
  await expect(transcript).toContainText('/shareholder');
  expect(await page.evaluate(layoutProblem)).toBeNull();
  expect(await axeProblems(page)).toEqual([]);

  // From the message box: Send, then End call.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(widget.getByRole('button', { name: 'End call' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status).toHaveText('You ended the conversation');
  await expect(widget.getByRole('button', { name: 'Start a call' })).toBeFocused();
  await expect.poll(async () => (await recorded(call.conversationId)).status).toBe('closed');
  return call;
}

test('/shareholder: Chloe’s widget holds a call about the co-founder page, and fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/shareholder');
  await fitsAPhone(page, [
    page.getByRole('link', { name: 'Sign In' }),
    page.getByRole('link', { name: 'Start your subscription' }),
    page.getByRole('button', { name: 'Important Investment Risk Warning' }),
    page.getByRole('button', { name: 'Cookie Policy' }),
  ]);
  const call = await callByKeyboard(
    page,
    'local-chloe',
    "Hi, I'm Chloe, your AI property assistant. How can I help with your move today?",
  );
  expect(call.initiation.dynamicVariables?.['page_context']).toMatch(/co-founder page/);
});

test('a demo page: the persona’s widget holds a call with her agent', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/demo/haus&haus');
  await fitsAPhone(page, [
    page.getByRole('main').locator('button[data-phase]'),
    page.getByRole('link', { name: 'Get Sarah for Haus & Haus' }),
    page.getByRole('button', { name: 'Cookie Policy' }),
  ]);
  await callByKeyboard(
    page,
    'local-sarah',
    "Hi, I'm Sarah, your AI property assistant. How can I help with your move today?",
  );
});
