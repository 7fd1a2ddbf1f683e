// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../lib/toast';
import { DEFAULT_REPLY_TEMPLATE, SETTINGS_MESSAGES, type AutoReplySettings } from '../../lib/reply-template';
import { keptQuery as query } from '../../testing/kept-query';
import { closeLocalData, localUserData } from '../../testing/local-data';
import type { EmailLog } from './api/list-email-logs';
import type { GmailAccount } from './api/list-gmail-accounts';
import { ActivityLogsTab, matchesSearch, replyStatus } from './activity-logs-tab';
import { accountTone, BENEFITS, IntegrationsTab, TROUBLESHOOTING } from './integrations-tab';
import { previewOf } from './reply-preview';
import { SettingsTab } from './settings-tab';
import { putWaiting } from '../../data/on-device';

// The dashboard's three tabs drawn from what their queries hold (docs/product/email-assistant.md).
const settingsQuery = vi.hoisted((): { current: unknown } => ({ current: null }));
vi.mock('./api/read-auto-reply-settings', () => ({ useAutoReplySettings: () => settingsQuery.current }));
const api = vi.hoisted(() => ({ save: vi.fn() }));
vi.mock('./api/save-auto-reply-settings', () => ({ saveAutoReplySettings: api.save }));

afterEach(async () => {
  toaster.remove();
  api.save.mockReset();
  await closeLocalData();
});

const log = (over: Partial<EmailLog>): EmailLog => ({
  id: crypto.randomUUID(),
  sender_email: 'buyer@example.com',
  sender_name: 'Buyer',
  subject: 'Viewing',
  received_at: '2026-11-24T09:00:00Z',
  reply_status: 'replied',
  replied_at: '2026-11-24T09:01:00Z',
  reason: null,
  gmail_accounts: { email_address: 'me@gmail.test', user_id: 'u1' },
  ...over,
});

describe('Activity Logs', () => {
  it('searches sender address, sender name and subject, case-insensitively', async () => {
    const logs = [
      log({ sender_email: 'Priya@Example.com', sender_name: 'Priya Shah', subject: 'Albion Road' }),
      log({
        sender_email: 'tom@example.org',
        sender_name: null,
        subject: null,
        reply_status: 'skipped',
        reason: 'Bulk mail, so it gets no reply',
      }),
      log({
        sender_email: 'x@y.test',
        sender_name: 'Sam',
        subject: 'Mill LANE offer',
        reply_status: 'mystery' as EmailLog['reply_status'],
      }),
    ];
    render(<ActivityLogsTab logs={query(logs)} online />);
    const list = () => within(screen.getByRole('list', { name: 'Email activity' }));
    expect(list().getAllByRole('listitem')).toHaveLength(3);
    // Absent names and subjects, and every status.
    expect(list().getByText('Unknown')).toBeTruthy();
    expect(list().getByText('No subject')).toBeTruthy();
    expect(list().getByText('Bulk mail, so it gets no reply')).toBeTruthy();
    expect(list().getAllByText('Pending')).toHaveLength(1);

    const search = screen.getByLabelText('Search emails');
    await userEvent.type(search, 'priya');
    expect(list().getAllByRole('listitem')).toHaveLength(1);
    await userEvent.clear(search);
    await userEvent.type(search, 'lane');
    expect(list().getByText('Mill LANE offer')).toBeTruthy();
    await userEvent.clear(search);
    await userEvent.type(search, 'nothing like it');
    expect(screen.getByText('No email activity yet')).toBeTruthy();
    expect(screen.getByText('No emails match your search criteria')).toBeTruthy();
  });

  it('says Chloe has processed nothing yet when there is nothing; and how old a kept copy is, offline', () => {
    const { unmount } = render(<ActivityLogsTab logs={query([])} online />);
    expect(screen.getByText('No email activity yet')).toBeTruthy();
    expect(screen.getByText("Chloe hasn't processed any emails yet")).toBeTruthy();
    unmount();
    render(<ActivityLogsTab logs={query([log({})], { fromDevice: true })} online={false} />);
    expect(screen.getByRole('status').textContent).toMatch(
      /^Offline: showing your email activity as loaded on 24 November 2026 at 09:30 GMT\.$/,
    );
  });

  it('maps the four statuses to labels, anything else as pending', () => {
    expect(['replied', 'pending', 'failed', 'skipped', 'bounced', ''].map((s) => replyStatus(s).label)).toEqual([
      'Replied',
      'Pending',
      'Failed',
      'Skipped',
      'Pending',
      'Pending',
    ]);
    expect(matchesSearch({ sender_email: 'a@b.c', sender_name: null, subject: null }, '  ')).toBe(true);
  });

  it('a failed load with nothing kept: what failed online, and what to do offline', () => {
    const { unmount } = render(<ActivityLogsTab logs={query<EmailLog[]>(undefined, { error: 'x' })} online />);
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch email logs');
    unmount();
    render(<ActivityLogsTab logs={query<EmailLog[]>(undefined)} online={false} />);
    expect(screen.getByRole('alert').textContent).toMatch(/You are offline/);
  });
});

describe('Integrations', () => {
  const account = (over: Partial<GmailAccount>): GmailAccount => ({
    id: crypto.randomUUID(),
    email_address: 'me@gmail.test',
    account_status: 'active',
    status_detail: null,
    created_at: '2026-11-20T10:00:00Z',
    connected_at: '2026-11-20T10:00:00Z',
    last_sync_at: null,
    ...over,
  });

  it('with no account: the welcome with its three benefits, and Connect', async () => {
    const onConnect = vi.fn();
    render(
      <IntegrationsTab accounts={query([])} connecting={false} connectError={null} online onConnect={onConnect} />,
    );
    expect(screen.getByRole('heading', { name: 'Welcome to your Email Assistant' })).toBeTruthy();
    for (const benefit of BENEFITS) expect(screen.getByText(benefit)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Connect Gmail Account' }));
    expect(onConnect).toHaveBeenCalled();
  });

  it('says when other Chloe accounts have connected the same mailbox, and that it still gets one reply', () => {
    render(
      <IntegrationsTab
        accounts={query([
          account({ email_address: 'office@agency.test', shared_with: 1 }),
          account({ email_address: 'me@gmail.test', shared_with: 0 }),
        ])}
        connecting={false}
        connectError={null}
        online
        onConnect={() => undefined}
      />,
    );
    const [shared, alone] = within(screen.getByRole('list', { name: 'Connected Gmail accounts' })).getAllByRole(
      'listitem',
    );
    expect(shared!.textContent).toContain(
      "Another Chloe account has connected this mailbox too. Each conversation still gets one automatic reply: from whichever account's assistant reaches it first, and every account's activity log says who answered.",
    );
    expect(alone!.textContent).not.toContain('connected this mailbox too');
  });

  it('lists accounts with their dates and status; an account in error and a failed connection show the red card', () => {
    const accounts = [
      account({ email_address: 'ok@gmail.test', last_sync_at: '2026-11-24T09:00:00Z' }),
      account({
        email_address: 'broken@gmail.test',
        account_status: 'error',
        status_detail: 'Gmail access was revoked or has expired. Connect this account again.',
      }),
      account({ email_address: 'odd@gmail.test', account_status: 'pending' }),
    ];
    render(
      <IntegrationsTab
        accounts={query(accounts)}
        connecting
        connectError="Authentication was cancelled"
        online
        onConnect={() => undefined}
      />,
    );
    const list = within(screen.getByRole('list', { name: 'Connected Gmail accounts' }));
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'ok@gmail.testActiveConnected on 20 Nov 2026Last sync: 24 November 2026 at 09:00 GMT',
      'broken@gmail.testErrorConnected on 20 Nov 2026Last sync: Never',
      'odd@gmail.testPendingConnected on 20 Nov 2026Last sync: Never',
    ]);
    const card = within(screen.getByRole('alert'));
    expect(card.getByText('Authentication was cancelled')).toBeTruthy();
    expect(
      card.getByText('broken@gmail.test: Gmail access was revoked or has expired. Connect this account again.'),
    ).toBeTruthy();
    expect(card.getAllByRole('listitem').map((li) => li.textContent)).toEqual([...TROUBLESHOOTING]);
    expect(screen.getByRole('button', { name: 'Connecting...' })).toHaveProperty('disabled', true);
    expect(['active', 'error', 'pending', 'disconnected', 'x'].map(accountTone)).toEqual([
      'success',
      'danger',
      'warning',
      'warning',
      'warning',
    ]);
  });

  it('offline: Connect waits for a connection, and the kept list says how old it is', () => {
    render(
      <IntegrationsTab
        accounts={query([account({})], { fromDevice: true })}
        connecting={false}
        connectError={null}
        online={false}
        onConnect={() => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: 'Connect Gmail Account' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Connecting Gmail needs an internet connection. Connect and try again.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/^Offline: showing your accounts as loaded on /);
  });
});

describe('Settings', () => {
  const settings: AutoReplySettings = {
    enabled: true,
    reply_template: 'Hi {first_name}, {first_name}: {demo_link} {demo_link}',
    demo_link: '',
  };

  it('previews the first of each placeholder with sample values, as the server fills them', () => {
    expect(previewOf(settings)).toBe('Hi Sarah, {first_name}: https://example.com/book-a-demo {demo_link}');
    expect(previewOf({ ...settings, demo_link: ' https://mine.test ' })).toBe(
      'Hi Sarah, {first_name}: https://mine.test {demo_link}',
    );
  });

  it('checks the rules on Save and says which field; the preview follows the typing', async () => {
    const data = await localUserData();
    settingsQuery.current = query({ enabled: true, reply_template: DEFAULT_REPLY_TEMPLATE, demo_link: '' });
    render(<SettingsTab db={data.db} userId="u1" online />);
    const template = await screen.findByLabelText('Reply template');
    expect(screen.getByRole('switch', { name: 'Enable auto-reply' })).toHaveProperty('checked', true);
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.linkNeeded)).toBeTruthy();
    expect(api.save).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText('Demo link'));

    await userEvent.type(screen.getByLabelText('Demo link'), 'ftp://nope');
    expect(await screen.findByText(SETTINGS_MESSAGES.linkNotUrl)).toBeTruthy();
    await userEvent.clear(template);
    await userEvent.type(template, 'Hello {{first_name}');
    expect(screen.getByTestId('reply-preview').textContent).toBe('Hello Sarah');
    expect(screen.queryByText(SETTINGS_MESSAGES.linkNeeded)).toBeNull();
  });

  it('shows a change kept on this device, and the server’s refusal of it by its field', async () => {
    const data = await localUserData();
    settingsQuery.current = query(settings);
    await putWaiting(data.db, 'auto_reply_settings', {
      change: { demo_link: 'https://x' },
      since: Date.parse('2026-11-24T09:45:00Z'),
      refusal: { message: 'The server says no', field: 'demo_link' },
    });
    render(<SettingsTab db={data.db} userId="u1" online />);
    expect(await screen.findByText(/^Not saved: The server says no/)).toBeTruthy();
    const link = screen.getByLabelText('Demo link');
    expect((link as HTMLInputElement).value).toBe('https://x');
    expect(screen.getByText('The server says no', { selector: '[data-part="error-text"]' })).toBeTruthy();
    await userEvent.type(link, 'y');
    expect(screen.queryByText('The server says no', { selector: '[data-part="error-text"]' })).toBeNull();
  });
});
