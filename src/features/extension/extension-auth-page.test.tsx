// @vitest-environment jsdom
import { StrictMode } from 'react';
import type { Session, User } from '@supabase/supabase-js';
import {
  createRootRoute,
  createRoute,
  createRouter,
  createMemoryHistory,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExtensionAuthPage, NEXT_STEPS } from './extension-auth-page';
import { RUNTIME_MESSAGE_TYPE, WINDOW_MESSAGE_TYPE } from './hand-off';

// /extension-auth: its two states and the hand-off (docs/product/screens.md#extension-auth), once each.
vi.mock('../../lib/env', () => ({ extensionId: 'abcdefghijklmnopabcdefghijklmnop' }));
// The extension's own session, signed in with the password the page asks for.
const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('./api/extension-session', () => ({ requestExtensionSession: api.request }));
window.scrollTo = () => {};

const user = { id: 'u1', email: 'mover@example.com' } as User;
// Not the app's own session: one minted for the extension.
const session = {
  access_token: 'extension-access',
  refresh_token: 'extension-refresh',
  expires_at: 2_000_000_000,
  user,
} as Session;

/** The page inside a router (it links to /auth and /saved-properties), as the app draws it. */
function renderPage(props: Parameters<typeof ExtensionAuthPage>[0]) {
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path: '/extension-auth',
    component: () => <ExtensionAuthPage {...props} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ['/extension-auth'] }),
  });
  return render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

let posted: { data: unknown; target: string }[];
let sendMessage: ReturnType<typeof vi.fn>;
beforeEach(() => {
  posted = [];
  vi.spyOn(window, 'postMessage').mockImplementation((data: unknown, target?: unknown) => {
    posted.push({ data, target: String(target) });
  });
  sendMessage = vi.fn((_id: string, _message: unknown, callback?: () => void) => callback?.());
  vi.stubGlobal('chrome', { runtime: { sendMessage } });
  api.request.mockReset();
  api.request.mockResolvedValue({ ok: true, session });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/extension-auth', () => {
  it('signed out: a Sign In link to /auth that comes back here; nothing is handed over', async () => {
    renderPage({ status: 'signed-out', user: null });
    const link = await screen.findByRole('link', { name: 'Sign In' });
    expect(link.getAttribute('href')).toBe('/auth?redirect=%2Fextension-auth');
    expect(posted).toEqual([]);
    expect(sendMessage).not.toHaveBeenCalled();
    expect(api.request).not.toHaveBeenCalled();
  });

  /** Signed in: the page asks for the password before anything is handed over. */
  async function connectWith(password: string) {
    const typing = userEvent.setup();
    const field = await screen.findByLabelText(/^Password/);
    await typing.clear(field);
    await typing.type(field, password);
    await typing.click(screen.getByRole('button', { name: 'Connect Extension' }));
  }

  it('signed in: asks for the password, then says so with the email and the next steps, and hands the session over once each way', async () => {
    renderPage({ status: 'signed-in', user });
    expect(await screen.findByRole('heading', { name: 'Connect the Chloe extension' })).toBeTruthy();
    expect(screen.getByText('mover@example.com')).toBeTruthy();
    // Nothing is asked of the server, nor handed over, before the password is given.
    expect(api.request).not.toHaveBeenCalled();
    expect(posted).toEqual([]);

    await connectWith('my-password');
    expect(await screen.findByRole('heading', { name: 'Extension Connected!' })).toBeTruthy();
    expect(api.request).toHaveBeenCalledExactlyOnceWith(user, 'my-password');
    expect(screen.getByText('mover@example.com')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([...NEXT_STEPS]);
    expect(screen.getByRole('button', { name: 'Close This Tab' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your saved properties' }).getAttribute('href')).toBe(
      '/saved-properties',
    );
    expect(posted).toEqual([{ data: { type: WINDOW_MESSAGE_TYPE, user, session }, target: window.location.origin }]);
    expect(sendMessage).toHaveBeenCalledTimes(1);
    expect(sendMessage.mock.calls[0]!.slice(0, 2)).toEqual([
      'abcdefghijklmnopabcdefghijklmnop',
      { type: RUNTIME_MESSAGE_TYPE, user, session },
    ]);
  });

  it('an empty password is asked for, not sent', async () => {
    renderPage({ status: 'signed-in', user });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Connect Extension' }));
    expect(await screen.findByText('Please enter your password')).toBeTruthy();
    expect(api.request).not.toHaveBeenCalled();
  });

  it('a browser without chrome.runtime still gets the window message', async () => {
    vi.stubGlobal('chrome', undefined);
    renderPage({ status: 'signed-in', user });
    await connectWith('my-password');
    await screen.findByRole('heading', { name: 'Extension Connected!' });
    expect(posted).toHaveLength(1);
  });

  it('a wrong password: says so, hands nothing over, and connects once the right one is given', async () => {
    api.request.mockResolvedValueOnce({ ok: false, message: 'Invalid login credentials' });
    renderPage({ status: 'signed-in', user });
    await connectWith('wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid login credentials');
    expect(posted).toEqual([]);
    await connectWith('right');
    expect(await screen.findByRole('heading', { name: 'Extension Connected!' })).toBeTruthy();
    expect(api.request).toHaveBeenLastCalledWith(user, 'right');
    expect(posted).toHaveLength(1);
  });
});
