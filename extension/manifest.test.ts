import { describe, expect, it } from 'vitest';
import { extensionId } from '../src/lib/env';
import { EXTENSION_PUBLIC_KEY, extensionIdOf, manifest } from './manifest.mjs';

describe('the extension manifest', () => {
  it('its key gives the id the app hands the session to by default', () => {
    expect(extensionIdOf(EXTENSION_PUBLIC_KEY)).toBe(extensionId);
    expect(extensionId).toMatch(/^[a-p]{32}$/);
  });

  it('lets only the app hand over a session, and runs on listing pages and the app’s /extension-auth only', () => {
    const m = manifest({
      appUrl: 'https://app.example.com/',
      supabaseUrl: 'https://ref.supabase.co',
      key: '',
      version: '1.2.3',
    });
    expect(m).not.toHaveProperty('key');
    expect(m.manifest_version).toBe(3);
    expect(m.externally_connectable).toEqual({ matches: ['https://app.example.com/*'] });
    expect(m.host_permissions).toEqual(['https://ref.supabase.co/*']);
    expect(m.content_scripts.map((c) => c.matches)).toEqual([
      [
        'https://www.rightmove.co.uk/properties/*',
        'https://www.zoopla.co.uk/for-sale/details/*',
        'https://www.zoopla.co.uk/to-rent/details/*',
        'https://www.zoopla.co.uk/new-homes/details/*',
      ],
      ['https://app.example.com/extension-auth*'],
    ]);
    expect(m.permissions).toEqual(['storage', 'alarms', 'activeTab']);
  });
});
