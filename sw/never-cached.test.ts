import { describe, expect, it } from 'vitest';
import { isNeverCached } from './never-cached';

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
