// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { putWaiting } from '../../data/on-device';
import type { AutoReplySettings } from '../../lib/reply-template';
import { keptQuery as query } from '../../testing/kept-query';
import { closeLocalData, localUserData } from '../../testing/local-data';
import { SettingsTab } from './settings-tab';

// The Settings tab while the device's database opens (after the page's first render, ADR 029).
const settingsQuery = vi.hoisted((): { current: unknown } => ({ current: null }));
vi.mock('./api/read-auto-reply-settings', () => ({ useAutoReplySettings: () => settingsQuery.current }));
const storage = vi.hoisted(() => ({ error: null as Error | null }));
vi.mock('../../data/user-data', async (real) => ({
  ...(await real<typeof import('../../data/user-data')>()),
  useUserDataError: () => storage.error,
}));

afterEach(() => closeLocalData());

const settings: AutoReplySettings = { enabled: true, reply_template: 'Hi {first_name}: {demo_link}', demo_link: '' };

describe('the Settings tab before the device has opened its database', () => {
  it("waits for the device's database, then starts from a change kept there and keeps it as typed", async () => {
    const data = await localUserData();
    settingsQuery.current = query(settings);
    await putWaiting(data.db, 'auto_reply_settings', {
      change: { demo_link: 'https://kept' },
      since: Date.now(),
      refusal: null,
    });
    const { rerender } = render(<SettingsTab db={null} userId="u1" online />);
    // The server has answered, but what waits on the device is not known yet.
    expect(screen.getByText('Loading settings...')).toBeTruthy();
    expect(screen.queryByLabelText('Demo link')).toBeNull();
    rerender(<SettingsTab db={data.db} userId="u1" online />);
    const link = await screen.findByLabelText<HTMLInputElement>('Demo link');
    expect(link.value).toBe('https://kept');
    await userEvent.type(link, '/more');
    rerender(<SettingsTab db={data.db} userId="u1" online />);
    expect(screen.getByLabelText<HTMLInputElement>('Demo link').value).toBe('https://kept/more');
  });

  it('shows the form without the database when this browser refuses storage', () => {
    storage.error = new Error('IndexedDB refused');
    try {
      settingsQuery.current = query(settings);
      render(<SettingsTab db={null} userId="u1" online />);
      expect(screen.getByLabelText('Demo link')).toBeTruthy();
    } finally {
      storage.error = null;
    }
  });
});
