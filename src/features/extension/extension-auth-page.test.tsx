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
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExtensionAuthPage, NEXT_STEPS } from './extension-auth-page';
import { RUNTIME_MESSAGE_TYPE, WINDOW_MESSAGE_TYPE } from './hand-off';

// /extension-auth: the two states of spec §2 and the hand-off of spec §7, once each.
vi.mock('../../lib/env', () => ({ extensionId: 'abcdefghijklmnopabcdefghijklmnop' }));
window.scrollTo = () => {};

const user = { id: 'u1', email: 'mover@example.com' } as User;
const session = { access_token: 'access', refresh_token: 'refresh', expires_at: 2_000_000_000, user } as Session;

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
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/extension-auth', () => {
  it('signed out: a Sign In link to /auth that comes back here; nothing is handed over', async () => {
    renderPage({ status: 'signed-out', user: null, session: null });
    const link = await screen.findByRole('link', { name: 'Sign In' });
    expect(link.getAttribute('href')).toBe('/auth?redirect=%2Fextension-auth');
    expect(posted).toEqual([]);
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('signed in: says so with the email and the next steps, and hands the session over once each way', async () => {
    renderPage({ status: 'signed-in', user, session });
    expect(await screen.findByRole('heading', { name: 'Extension Connected!' })).toBeTruthy();
    expect(screen.getByText('mover@example.com')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([...NEXT_STEPS]);
    expect(screen.getByRole('button', { name: 'Close This Tab' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your saved properties' }).getAttribute('href')).toBe(
      '/saved-properties',
    );

    // StrictMode runs the effect twice: still one message each way.
    expect(posted).toEqual([{ data: { type: WINDOW_MESSAGE_TYPE, user, session }, target: window.location.origin }]);
    expect(sendMessage).toHaveBeenCalledTimes(1);
    expect(sendMessage.mock.calls[0]!.slice(0, 2)).toEqual([
      'abcdefghijklmnopabcdefghijklmnop',
      { type: RUNTIME_MESSAGE_TYPE, user, session },
    ]);
  });

  it('a browser without chrome.runtime still gets the window message', async () => {
    vi.stubGlobal('chrome', undefined);
    renderPage({ status: 'signed-in', user, session });
    await screen.findByRole('heading', { name: 'Extension Connected!' });
    expect(posted).toHaveLength(1);
  });
});
