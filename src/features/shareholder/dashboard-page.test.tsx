// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createRoute } from '@tanstack/react-router';
import type { UserData } from '../../data/user-data';
import { forgetServerClock, noteTokenIssued } from '../../lib/server-clock';
import { closeLocalData } from '../../testing/local-data';
import { renderRoutes } from '../../testing/render-routes';
import { ShareholderDashboard } from './dashboard-page';
import { withDraft } from '../../testing/subscribe-wizard';

vi.mock('../../lib/supabase', async () => {
  const { fakeSupabaseModule } = await import('../../testing/fake-auth');
  return fakeSupabaseModule();
});

const shown = vi.hoisted(() => ({ data: null as UserData | null }));
vi.mock('../../data/user-data', async (original) => ({
  ...(await original<typeof import('../../data/user-data')>()),
  useUserData: () => shown.data,
}));

const DAY = 86_400_000;
// Cooling-off ends at midnight UTC starting 3 December: 9 days 15 hours away, so 10 days left.
const TRUE_NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
const EFFECTIVE = '2026-11-23';

const b64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** An access token as the auth service issues it at the true time, for lib/server-clock to read. */
const issuedNow = () =>
  `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify({ iat: TRUE_NOW / 1000, exp: TRUE_NOW / 1000 + 3600 }))}.sig`;

/** The dashboard route alone, reading `shown.data`. */
function renderDashboard() {
  renderRoutes('/shareholder/dashboard', (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/shareholder/dashboard',
      component: () => <ShareholderDashboard signOut={null} />,
    }),
  ]);
}

async function dashboardSigned() {
  const { data } = await withDraft({
    status: 'signed',
    subscriber_name: 'Ada Lovelace',
    subscriber_address: '1 High Street, London',
    effective_date: EFFECTIVE,
    signature_timestamp: new Date(TRUE_NOW).toISOString(),
  });
  shown.data = data;
  renderDashboard();
}

beforeEach(() => forgetServerClock());
afterEach(async () => {
  await closeLocalData();
  shown.data = null;
  forgetServerClock();
  vi.useRealTimers();
});

describe('the cooling-off banner', () => {
  it.each([
    ['right', 0],
    ['a day ahead', DAY],
    ['a day behind', -DAY],
  ])('counts the days left on the server clock, the device clock %s', async (_, skew) => {
    vi.useFakeTimers({ toFake: ['Date'], now: TRUE_NOW + skew });
    // As signing in teaches it (lib/supabase): the server's time when the token was issued.
    noteTokenIssued(issuedNow());
    await dashboardSigned();
    expect(await screen.findByText('Cooling-off period: 10 days remaining')).toBeTruthy();
    expect(screen.getByText('You may cancel this subscription until 3 December 2026.')).toBeTruthy();
  });

  it('counts on the device clock while the server clock is unknown', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: TRUE_NOW + DAY });
    await dashboardSigned();
    expect(await screen.findByText('Cooling-off period: 9 days remaining')).toBeTruthy();
  });
});

describe('a cancelled subscription', () => {
  async function dashboardCancelled(paymentReceived: boolean) {
    const { data, draft } = await withDraft({
      status: 'cancelled',
      subscriber_name: 'Ada Lovelace',
      subscriber_address: '1 High Street, London',
      effective_date: EFFECTIVE,
      payment_reference: 'CHL-ADA-0001',
      signature_timestamp: new Date(TRUE_NOW).toISOString(),
      cancelled_at: '2026-11-25T10:00:00.000Z',
    });
    await data.db.share_agreement_status.insert({
      id: crypto.randomUUID(),
      subscription_id: draft.id,
      user_id: data.userId,
      agreement_generated: true,
      agreement_signed: true,
      payment_received: paymentReceived,
    });
    shown.data = data;
    renderDashboard();
    await screen.findByText('You cancelled this subscription on 25 November 2026.');
  }

  it('asks for no payment, says it is cancelled, and that nothing is due', async () => {
    await dashboardCancelled(false);
    expect(screen.queryByText(/Please pay/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Payment Instructions' })).toBeNull();
    expect(screen.queryByText(/Feature Locked/)).toBeNull();
    expect(screen.queryByText(/Agent Assessment/)).toBeNull();
    expect(
      screen.getByText(
        'No payment is due. If you sent one, it is returned in full to the account it came from within 14 days of reaching us.',
      ),
    ).toBeTruthy();
    const lines = screen.getByRole('list', { name: 'Agreement status' });
    expect(lines.textContent).toBe('Agreement Signed✓ CompleteSubscription Cancelled✓ 25 November 2026PaymentNot due');
  });

  it('says a payment already received is returned, and by when', async () => {
    await dashboardCancelled(true);
    expect(
      screen.getByText(
        'We received your payment of £6,250.00: it is returned in full to the account it came from by 9 December 2026.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Agreement status' }).textContent).toContain('PaymentBeing returned');
    expect(screen.queryByText(/Please pay/)).toBeNull();
  });
});

describe('the agent assessment section', () => {
  it('locked, it is closed with one line; unlocked while the page is open, it opens', async () => {
    await dashboardSigned();
    const section = await screen.findByRole('button', { name: /Agent Assessment/ });
    expect(section.getAttribute('aria-expanded')).toBe('false');
    expect(section.textContent).toContain('Locked until your payment is received and shares are issued.');

    // Staff confirm the payment and the shares: the row syncs in while the dashboard is open.
    const data = shown.data!;
    const sub = (await data.db.share_subscriptions.find().exec())[0]!;
    await data.db.share_agreement_status.insert({
      id: crypto.randomUUID(),
      subscription_id: sub.id,
      user_id: data.userId,
      agreement_generated: true,
      agreement_signed: true,
      payment_received: true,
      shares_issued: true,
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Agent Assessment/ }).getAttribute('aria-expanded')).toBe('true'),
    );
    expect(screen.getByRole('link', { name: 'Create New Assessment' })).toBeTruthy();
  });
});
