import { expect, type Page } from '@playwright/test';

// What the voice specs share: the local voice service's record of a conversation, and the voice
// controls and toasts as a user finds them.

export const voiceUrl = () => {
  const url = process.env.E2E_VOICE_URL;
  if (!url) throw new Error('E2E_VOICE_URL is not set: the test stack has no voice service');
  return url;
};

export type Recorded = {
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
export async function recorded(conversationId?: string): Promise<Recorded> {
  const url = conversationId
    ? `${voiceUrl()}/_local/conversations/${conversationId}`
    : `${voiceUrl()}/_local/conversations?latest=1`;
  const response = await fetch(url, { headers: { 'xi-api-key': process.env.E2E_VOICE_API_KEY! } });
  expect(response.status).toBe(200);
  return (await response.json()) as Recorded;
}

export const voiceButton = (page: Page) => page.getByRole('main').locator('button[data-phase]');
export const toast = (page: Page, title: string) =>
  page.getByRole('region', { name: /notifications/i }).getByText(title);

/**
 * The page's HTML comes first (ADR 012); the app then starts, reads the session and puts the
 * signed-in header in place: a signed-in user's call is started from that page.
 */
export async function signedInHeader(page: Page) {
  await expect(page.getByRole('banner').getByRole('button', { name: /sign out/i })).toBeVisible();
}
