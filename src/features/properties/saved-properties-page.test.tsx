// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedPropertyDoc } from '../../data/schemas';
import { toaster } from '../../lib/toast';
import { Toaster } from '../../ui/toaster';
import { SavedPropertiesPage } from './saved-properties-page';
import { FIRST_FRAME } from './saved-properties-list';
import { savedProperty } from '../../testing/saved-property';

// The data layer is stubbed at its module boundary: what the page does with what it reads.
interface DataStub {
  userData: { userId: string } | null;
  error: Error | null;
  state: { loading: boolean; properties: unknown[] };
  removeSavedProperty: Mock;
  restoreSavedProperty: Mock;
}
const data = vi.hoisted((): DataStub => ({
  userData: { userId: 'u1' },
  error: null,
  state: { loading: false, properties: [] },
  removeSavedProperty: vi.fn(),
  restoreSavedProperty: vi.fn(),
}));
vi.mock('../../data/user-data', async (real) => ({
  useWhenOpen: (await real<typeof import('../../data/user-data')>()).useWhenOpen,
  useUserData: () => data.userData,
  useUserDataError: () => data.error,
  useUserId: () => data.userData?.userId ?? null,
}));
vi.mock('./saved-properties', () => ({
  useSavedProperties: () => data.state,
  removeSavedProperty: data.removeSavedProperty,
  restoreSavedProperty: data.restoreSavedProperty,
}));

const property = (overrides: Partial<SavedPropertyDoc>) =>
  savedProperty({ user_id: 'u1', title: 'A house', created_at: '2026-11-22T10:00:00.000Z', ...overrides });

const victorian = property({
  title: '3 bed terraced house',
  address: '12 Acacia Avenue, London SE1 2AB',
  price: 450000,
  bedrooms: 3,
  property_type: 'Terraced',
  key_features: ['Garden', 'Off-street parking', 'Close to station'],
  agent_name: 'Sam Patel',
  agency_name: 'Haus & Haus',
  created_at: '2026-11-22T12:00:00.000Z',
});
const flat = property({
  title: '1 bed flat',
  address: 'Flat 4, 9 High Street, Leeds LS1 1AA',
  price: 1250,
  bedrooms: 1,
  property_type: 'Flat',
  agency_name: 'Yopa',
  created_at: '2026-11-21T09:00:00.000Z',
});

function renderPage() {
  return render(
    <>
      <SavedPropertiesPage />
      <Toaster />
    </>,
  );
}

beforeEach(() => {
  data.userData = { userId: 'u1' };
  data.state = { loading: false, properties: [] };
  data.error = null;
  data.removeSavedProperty.mockReset().mockResolvedValue(undefined);
  data.restoreSavedProperty.mockReset().mockResolvedValue(undefined);
});
afterEach(() => toaster.remove());

describe('SavedPropertiesPage', () => {
  it('says so when this browser refuses local storage, instead of loading for ever', () => {
    data.userData = null;
    data.state = { loading: true, properties: [] };
    data.error = new Error('IndexedDB is not available');
    renderPage();
    expect(screen.getByRole('alert').textContent).toContain(
      'does not let Chloe keep your saved properties on this device (IndexedDB is not available)',
    );
    expect(screen.queryByText('Loading saved properties...')).toBeNull();
    expect(screen.queryByText('No saved properties yet')).toBeNull();
  });

  it('shows a loading state while the local database opens', () => {
    data.state = { loading: true, properties: [] };
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Loading saved properties...');
    expect(screen.queryByText('No saved properties yet')).toBeNull();
  });

  it('renders one card per property, in the order given (newest first), with every field', () => {
    data.state = { loading: false, properties: [victorian, flat] };
    renderPage();

    const list = screen.getByRole('list', { name: 'Saved properties' });
    const cards = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(cards).toEqual(['3 bed terraced house', '1 bed flat']);
    expect(screen.getByText('2 properties, newest first.')).toBeTruthy();

    const card = screen.getByRole('region', { name: '3 bed terraced house' });
    const text = card.textContent ?? '';
    for (const expected of [
      '£450,000',
      '12 Acacia Avenue, London SE1 2AB',
      '3 bedrooms',
      'Terraced',
      'Garden',
      'Off-street parking',
      'Close to station',
      'AgentSam Patel',
      'AgencyHaus & Haus',
    ]) {
      expect(text).toContain(expected);
    }
    const other = screen.getByRole('region', { name: '1 bed flat' });
    expect(other.textContent).toContain('£1,250');
    expect(other.textContent).toContain('1 bedroom');
    expect(other.textContent).not.toContain('Agent');
    expect(other.textContent).toContain('AgencyYopa');
  });

  it('copes with a property the extension captured little of', () => {
    data.state = { loading: false, properties: [property({ title: null, key_features: [] })] };
    renderPage();
    const card = screen.getByRole('region', { name: 'Untitled property' });
    expect(card.textContent).toContain('Price not listed');
    expect(within(card).queryByText('Key features')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Untitled property' })).toBeTruthy();
  });

  it('explains the browser extension and links to /extension-auth when there are none', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'No saved properties yet' })).toBeTruthy();
    expect(screen.getByText(/save with the Chloe browser extension appear here/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Connect the browser extension' });
    expect(link.getAttribute('href')).toBe('/extension-auth');
  });

  it('removes a property through the data layer, says so and keeps focus on the page', async () => {
    data.state = { loading: false, properties: [victorian, flat] };
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove 3 bed terraced house' }));

    expect(data.removeSavedProperty).toHaveBeenCalledWith(data.userData, victorian.id);
    expect(await screen.findByText('Property removed')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Saved Properties' })));
  });

  it("removes one listed from the server before the device's database has opened, once it has", async () => {
    data.userData = null;
    data.state = { loading: false, properties: [victorian, flat] };
    const view = renderPage();
    const user = userEvent.setup();
    const remove = screen.getByRole('button', { name: 'Remove 3 bed terraced house' });
    await user.click(remove);
    // Under way (its button busy), and waiting for the database.
    await waitFor(() => expect(remove.getAttribute('aria-busy')).toBe('true'));
    expect(data.removeSavedProperty).not.toHaveBeenCalled();

    data.userData = { userId: 'u1' };
    view.rerender(
      <>
        <SavedPropertiesPage />
        <Toaster />
      </>,
    );
    await waitFor(() => expect(data.removeSavedProperty).toHaveBeenCalledWith(data.userData, victorian.id));
    expect(await screen.findByText('Property removed')).toBeTruthy();
  });

  it('offers Undo in the removal toast, which restores that property through the data layer', async () => {
    data.state = { loading: false, properties: [victorian, flat] };
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove 3 bed terraced house' }));
    const toastTitle = await screen.findByText('Property removed');
    expect(data.restoreSavedProperty).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(data.restoreSavedProperty).toHaveBeenCalledWith(data.userData, victorian.id);
    expect(toastTitle.closest('[data-part="root"]')?.getAttribute('data-state')).toBe('closed');
  });

  it('says so when Undo fails', async () => {
    data.state = { loading: false, properties: [flat] };
    data.restoreSavedProperty.mockRejectedValue(new Error('Database closed'));
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove 1 bed flat' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Could not restore the property')).toBeTruthy();
    expect(screen.getByText('Database closed')).toBeTruthy();
  });

  it('says what failed, with the reason, when removing fails', async () => {
    data.state = { loading: false, properties: [flat] };
    data.removeSavedProperty.mockRejectedValue(new Error('Database closed'));
    renderPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove 1 bed flat' }));
    expect(await screen.findByText('Database closed')).toBeTruthy();
    expect(screen.getByText('Could not remove the property')).toBeTruthy();
    expect(screen.queryByText('Property removed')).toBeNull();
  });
});

describe('SavedPropertiesPage with many properties', () => {
  const many = Array.from({ length: 60 }, (_, i) =>
    property({
      title: `House ${i + 1}`,
      price: 100000 + i,
      created_at: `2026-11-${String(10 + (i % 20)).padStart(2, '0')}T00:00:00.000Z`,
    }),
  );

  it('searches every word, says how many match, and says when none does', async () => {
    data.state = { loading: false, properties: [victorian, flat] };
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search saved properties'), 'leeds yopa');
    expect(await screen.findByText('1 of 2 properties match “leeds yopa”.')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['1 bed flat']);
    await user.clear(screen.getByLabelText('Search saved properties'));
    await user.type(screen.getByLabelText('Search saved properties'), 'bristol');
    expect(await screen.findByText('No saved property matches “bristol”.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Saved properties' })).toBeNull();
  });

  it('sorts by price, and says the order', async () => {
    data.state = { loading: false, properties: [victorian, flat] };
    renderPage();
    await userEvent.setup().selectOptions(screen.getByLabelText('Sort'), 'Price, lowest first');
    expect(screen.getByText('2 properties, price, lowest first.')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Saved properties' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['1 bed flat', '3 bed terraced house']);
  });

  it("draws its first cards without Intl (whose locale data costs a new browser's first render tens of ms)", async () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const toLocale = vi.spyOn(Number.prototype, 'toLocaleString');
    try {
      data.state = {
        loading: false,
        properties: Array.from({ length: 1234 }, (_, i) => property({ title: `House ${i + 1}`, price: 1_250_000 + i })),
      };
      renderPage();
      expect(screen.getByText('1,234 properties, newest first.')).toBeTruthy();
      expect(screen.getAllByText(/^£1,25\d,\d{3}$/)).toHaveLength(FIRST_FRAME);
      expect(await screen.findByText('Showing 24 of 1,234')).toBeTruthy();
      expect(screen.getAllByText(/^£1,25\d,\d{3}$/)).toHaveLength(24);
      expect(numberFormat).not.toHaveBeenCalled();
      expect(toLocale).not.toHaveBeenCalled();
    } finally {
      numberFormat.mockRestore();
      toLocale.mockRestore();
    }
  });

  it('draws the first 24 cards and more on request, counting what is shown', async () => {
    data.state = { loading: false, properties: many };
    renderPage();
    const cards = () => within(screen.getByRole('list', { name: 'Saved properties' })).getAllByRole('listitem').length;
    expect(screen.getByText('60 properties, newest first.')).toBeTruthy();
    expect(await screen.findByText('Showing 24 of 60')).toBeTruthy();
    expect(cards()).toBe(24);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show 24 more' }));
    expect(cards()).toBe(48);
    await user.click(screen.getByRole('button', { name: 'Show 12 more' }));
    expect(cards()).toBe(60);
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).toBeNull();
  });
});
