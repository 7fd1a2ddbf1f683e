// The browser extension in Chromium (extension-fixtures.ts), as a person uses it: signed in
// through /extension-auth, listings saved from the popup and found on /saved-properties, pages that
// cannot be saved, signing the extension out. And the offline case: the API down, the save kept
// through a browser restart, sent when the API is back.
import { expect } from '@playwright/test';
import {
  badge,
  connect,
  openPopup,
  popupChecks,
  popupOn,
  RIGHTMOVE,
  RIGHTMOVE_NO_ADDRESS,
  RIGHTMOVE_REMOVED,
  rowsFor,
  useBuiltExtension,
  ZOOPLA,
  ZOOPLA_NO_PRICE,
  ZOOPLA_SEARCH,
} from './extension-fixtures';
import { signUp, test } from './fixtures';

const extension = useBuiltExtension();

test('signed in through /extension-auth, a Rightmove listing is saved from the popup and found on /saved-properties', async () => {
  test.setTimeout(240_000);
  const { context, worker } = await extension.launch(await extension.newProfile());
  try {
    const app = await context.newPage();
    const email = await signUp(app);
    await connect(context, email);

    // The extension holds a session of its own: not the app's refresh token.
    const appSession = await app.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
      return JSON.parse(localStorage.getItem(key!)!) as { refresh_token: string; user: { id: string } };
    });
    const kept = await worker.evaluate(async () => (await chrome.storage.local.get('chloe-session'))['chloe-session']);
    const extensionSession = JSON.parse(kept as string) as { refresh_token: string; user: { id: string } };
    expect(extensionSession.user.id).toBe(appSession.user.id);
    expect(extensionSession.refresh_token).not.toBe(appSession.refresh_token);

    const { popup } = await popupOn(context, RIGHTMOVE);
    await expect(popup.getByRole('heading', { name: '3 bedroom semi-detached house for sale' })).toBeVisible();
    await expect(popup.getByText('Mill Lane, Bristol, BS3')).toBeVisible();
    await expect(popup.getByText('£415,000')).toBeVisible();
    await expect(popup.getByText('Harbourside Homes, Bedminster')).toBeVisible();
    await expect(popup.getByRole('listitem')).toHaveText([
      'Garden',
      'Loft conversion potential',
      'Off-street parking',
      'Close to Temple Meads',
    ]);
    await popupChecks(popup, 'a listing');
    await popup.getByRole('button', { name: 'Save property' }).click();
    await expect(popup.getByText('Saved to your properties.')).toBeVisible();
    await popupChecks(popup, 'saved');
    expect(await rowsFor(email)).toEqual([
      expect.objectContaining({
        title: '3 bedroom semi-detached house for sale',
        address: 'Mill Lane, Bristol, BS3',
        price: '415000',
        bedrooms: 3,
        property_type: 'Semi-Detached',
        key_features: ['Garden', 'Loft conversion potential', 'Off-street parking', 'Close to Temple Meads'],
        agent_name: 'Harbourside Homes, Bedminster',
        agency_name: 'Harbourside Homes',
        listing_url: RIGHTMOVE,
        portal: 'rightmove',
        portal_id: '148213977',
      }),
    ]);

    // In the app, on this device, with a link back to the listing.
    await app.goto('/saved-properties');
    const card = app
      .getByRole('article')
      .or(app.getByRole('listitem'))
      .filter({
        has: app.getByRole('heading', { name: '3 bedroom semi-detached house for sale' }),
      });
    await expect(card.first()).toBeVisible({ timeout: 20_000 });
    await expect(card.first().getByRole('link', { name: /^View on Rightmove/ })).toHaveAttribute('href', RIGHTMOVE);

    // The same listing again: the row is updated, not doubled.
    await popup.reload();
    await popup.getByRole('button', { name: 'Save property' }).click();
    await expect(popup.getByText('Updated in your saved properties.')).toBeVisible();
    expect(await rowsFor(email)).toHaveLength(1);

    // Zoopla, and a listing with no price: saved without one, the popup says what it did not find.
    for (const url of [ZOOPLA, ZOOPLA_NO_PRICE]) {
      const { tab, popup: p } = await popupOn(context, url);
      if (url === ZOOPLA_NO_PRICE) {
        await expect(p.getByText('Not found on this page: price, key features, agent, agency.')).toBeVisible();
      }
      await p.getByRole('button', { name: 'Save property' }).click();
      await expect(p.getByText('Saved to your properties.')).toBeVisible();
      await tab.close();
      await p.close();
    }
    const rows = await rowsFor(email);
    expect(rows.map((r) => [r.portal, r.portal_id, r.price])).toEqual([
      ['rightmove', '148213977', '415000'],
      ['zoopla', '66123456', '525000'],
      ['zoopla', '67000001', null],
    ]);
    await app.reload();
    await expect(app.getByRole('heading', { name: 'Studio for sale' })).toBeVisible({ timeout: 20_000 });
    await expect(app.getByRole('link', { name: /^View on Zoopla/ })).toHaveCount(2);

    // Pages that cannot be saved say why, and offer no Save.
    const cases: [string, string][] = [
      [
        RIGHTMOVE_NO_ADDRESS,
        'Chloe needs at least a title and an address to save a property, and this page does not show both.',
      ],
      [
        RIGHTMOVE_REMOVED,
        'No property listing was found on this page: it may be a search, or the property may have been removed.',
      ],
      [
        ZOOPLA_SEARCH,
        'This page is not a property listing. Open a property on Rightmove or Zoopla, then click the Chloe icon.',
      ],
    ];
    for (const [url, message] of cases) {
      const { tab, popup: p } = await popupOn(context, url);
      await expect(p.getByRole('alert')).toHaveText(message);
      await expect(p.getByRole('button', { name: 'Save property' })).toHaveCount(0);
      await popupChecks(p, `on ${url}`);
      await tab.close();
      await p.close();
    }
    expect(await rowsFor(email)).toHaveLength(3);

    // Signing the extension out leaves the app signed in.
    const last = await openPopup(context);
    await last.getByRole('button', { name: 'Sign out' }).click();
    await expect(last.getByRole('button', { name: 'Connect to Chloe' })).toBeVisible();
    await expect(last.getByRole('button', { name: 'Connect to Chloe' })).toBeFocused();
    // Gone from the extension's storage, and ended on the server: its refresh token no longer works.
    expect(
      await worker.evaluate(async () => (await chrome.storage.local.get('chloe-session'))['chloe-session']),
    ).toBeUndefined();
    const refreshed = await fetch(`${process.env.E2E_API_URL}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: process.env.E2E_ANON_KEY!, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: extensionSession.refresh_token }),
    });
    expect(refreshed.status).toBe(400);
    await app.reload();
    await expect(app.getByRole('heading', { name: 'Saved Properties', level: 1 })).toBeVisible();
    await expect(app).toHaveURL(/\/saved-properties$/);
    await expect(app.getByRole('heading', { name: 'Studio for sale' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('with the API down, a save waits on this device (badge), survives a browser restart and is sent when the API is back', async () => {
  test.setTimeout(240_000);
  const profile = await extension.newProfile();
  let email: string;
  {
    const { context, worker } = await extension.launch(profile);
    try {
      email = await signUp(await context.newPage());
      await connect(context, email);
      extension.proxy.down();
      const { popup } = await popupOn(context, RIGHTMOVE);
      await popup.getByRole('button', { name: 'Save property' }).click();
      await expect(
        popup.getByText(
          /^Saved on this device: it will be sent to your account when Chloe can be reached\. \(1 waiting\)$/,
        ),
      ).toBeVisible();
      await popupChecks(popup, 'a save waiting');
      await expect.poll(() => badge(worker)).toBe('1');
      expect(await rowsFor(email)).toEqual([]);
    } finally {
      await context.close();
    }
  }
  try {
    // The browser restarts with the API still down: the save is still there, and still signed in.
    const { context, worker } = await extension.launch(profile);
    try {
      await expect.poll(() => badge(worker)).toBe('1');
      const popup = await openPopup(context);
      await expect(popup.getByText(`Signed in as ${email}`)).toBeVisible();
      await expect(popup.getByRole('status').filter({ hasText: '1 save is waiting to be sent' })).toBeVisible();
      expect(await rowsFor(email)).toEqual([]);

      extension.proxy.up();
      await popup.getByRole('button', { name: 'Send now' }).click();
      await expect(popup.getByText('1 save is waiting to be sent')).toBeHidden();
      await expect.poll(() => badge(worker)).toBe('');
      expect(await rowsFor(email)).toEqual([
        expect.objectContaining({
          portal: 'rightmove',
          portal_id: '148213977',
          title: '3 bedroom semi-detached house for sale',
        }),
      ]);
    } finally {
      await context.close();
    }
  } finally {
    extension.proxy.up();
  }
});
