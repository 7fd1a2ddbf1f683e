// @vitest-environment jsdom
// Signed out on /shareholder/subscribe: the card, and whether changes wait on this device for the
// next sign-in (a session ended elsewhere left them: lib/changes-waiting).
import { act, screen } from '@testing-library/react';
import { createRoute } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { noteChangesWaiting } from '../../lib/changes-waiting';
import { renderRoutes } from '../../testing/render-routes';
import { SubscribePage } from './subscribe-page';

const USER = '00000000-0000-4000-8000-000000000001';

function renderSignedOut() {
  return renderRoutes('/shareholder/subscribe', (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/shareholder/subscribe',
      component: () => <SubscribePage view={{ state: 'signed-out' }} email={undefined} signOut={null} />,
    }),
  ]);
}

afterEach(() => localStorage.clear());

describe('the subscribe page, signed out', () => {
  it('asks to sign in, and says nothing of waiting changes when there are none', async () => {
    renderSignedOut();
    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeTruthy();
    expect(screen.getByText('Please sign in to subscribe to shares. Your progress is saved as you go.')).toBeTruthy();
    expect(screen.queryByText(/not been sent yet/)).toBeNull();
  });

  it('says that a change waits for the next sign-in, in the singular', async () => {
    noteChangesWaiting(USER, 1);
    renderSignedOut();
    expect(
      await screen.findByText('1 change on this device has not been sent yet. It will be sent when you sign in again.'),
    ).toBeTruthy();
  });

  it('counts every change waiting, live', async () => {
    renderSignedOut();
    await screen.findByRole('heading', { name: 'Authentication Required' });
    act(() => noteChangesWaiting(USER, 3));
    expect(
      screen.getByText('3 changes on this device have not been sent yet. They will be sent when you sign in again.'),
    ).toBeTruthy();
    act(() => noteChangesWaiting(USER, 0));
    expect(screen.queryByText(/not been sent yet/)).toBeNull();
  });
});
