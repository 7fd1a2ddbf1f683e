import { describe, expect, it } from 'vitest';
import { isNeverCached, OAUTH_CALLBACK_PATH } from './never-cached';

describe('isNeverCached', () => {
  it('the Supabase API and the voice service are never cached', () => {
    for (const url of [
      'http://localhost:54321/rest/v1/saved_properties?select=*',
      'https://abc.supabase.co/auth/v1/token?grant_type=password',
      'https://abc.supabase.co/auth/v1/verify?token=t&type=recovery&redirect_to=https://app.example/auth/reset',
      'https://abc.supabase.co/functions/v1/voice-conversation',
      'https://abc.supabase.co/storage/v1/object/public/a.png',
      'https://api.elevenlabs.io/v1/convai/conversation',
      'wss://api.us.elevenlabs.io/v1/convai/conversation',
    ]) {
      expect(isNeverCached(new URL(url)), url).toBe(true);
    }
  });

  it('the app, its fonts and images may be', () => {
    for (const url of [
      'http://localhost:4173/assets/index-abc.js',
      'http://localhost:4173/icons/icon-192.png',
      // Where a reset link lands: a page of the app (the shell serves it), not the auth API.
      'http://localhost:4173/auth/reset',
      'https://fonts.example/inter.woff2',
    ]) {
      expect(isNeverCached(new URL(url)), url).toBe(false);
    }
  });
});

describe('the Gmail sign-in callback page', () => {
  it('is left to the network when Google sends the popup back with its answer (path and query, as Workbox matches)', () => {
    const navigation = (href: string) => {
      const url = new URL(href);
      return url.pathname + url.search;
    };
    for (const href of [
      'http://localhost:4173/gmail-oauth-callback.html?state=v1.a.b.c.d&code=4/x&scope=email',
      'http://localhost:4173/gmail-oauth-callback.html?error=access_denied&state=v1.a',
      'http://localhost:4173/gmail-oauth-callback.html',
    ]) {
      expect(OAUTH_CALLBACK_PATH.test(navigation(href)), href).toBe(true);
    }
    for (const href of [
      'http://localhost:4173/dashboard?tab=integrations',
      'http://localhost:4173/gmail-oauth-callback.htmlx',
    ]) {
      expect(OAUTH_CALLBACK_PATH.test(navigation(href)), href).toBe(false);
    }
  });
});
