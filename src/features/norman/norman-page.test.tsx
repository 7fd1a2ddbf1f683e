// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoute } from '@tanstack/react-router';
import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { clearNormanPass, normanPass } from '../../lib/norman-pass';
import { toaster } from '../../lib/toast';
import { renderRoutes } from '../../testing/render-routes';
import { toastTexts } from '../../testing/toasts';
import { NormanPage } from './norman-page';

const functions = vi.hoisted(() => ({ invoke: vi.fn() }));
vi.mock('../../lib/supabase', () => ({ supabase: { functions } }));

const answered = (status: number, body: unknown) => ({
  data: null,
  error: new FunctionsHttpError(new Response(JSON.stringify(body), { status })),
});
const granted = (minutes = 60) => ({
  data: { pass: 'signed-pass', expiresAt: new Date(Date.now() + minutes * 60_000).toISOString() },
  error: null,
});

function renderNorman() {
  return renderRoutes('/norman', (root) => [
    createRoute({ getParentRoute: () => root, path: '/', component: () => <p>Home</p> }),
    createRoute({
      getParentRoute: () => root,
      path: '/norman',
      component: () => <NormanPage voice={(caption) => <div>Voice button{caption}</div>} widget={<p>Widget</p>} />,
    }),
  ]);
}

async function enter(password: string) {
  const u = userEvent.setup();
  const field = await screen.findByLabelText(/Password/);
  await u.clear(field);
  if (password) await u.type(field, password);
  await u.click(screen.getByRole('button', { name: 'Access Norman' }));
}

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

beforeEach(() => {
  functions.invoke.mockReset();
  clearNormanPass();
});
afterEach(() => {
  toaster.remove();
  setOnline(true);
});

describe('NormanPage', () => {
  it('shows the locked screen', async () => {
    renderNorman();
    expect(await screen.findByRole('heading', { level: 1, name: 'Norman' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('heading', { name: 'Meet Norman' })).toBeTruthy();
    for (const point of [
      'Automates repetitive tasks',
      'Connects teams and departments',
      'Scales operations efficiently',
    ]) {
      expect(screen.getByText(point)).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: 'Access Required' })).toBeTruthy();
    const field = screen.getByLabelText<HTMLInputElement>(/Password/);
    expect(field.type).toBe('password');
    expect(field.placeholder).toBe('Enter password');
    expect(field.required).toBe(true);
    expect(screen.queryByText('Voice button')).toBeNull();
  });

  it('asks for a password before asking the server', async () => {
    renderNorman();
    await enter('');
    expect(await screen.findByText('Please enter the password')).toBeTruthy();
    expect(functions.invoke).not.toHaveBeenCalled();
  });

  it("says 'Access Denied' / 'Incorrect password' when the server refuses the password", async () => {
    functions.invoke.mockResolvedValueOnce(answered(401, { code: 'incorrect_password', error: 'Incorrect password' }));
    renderNorman();
    await enter('guess');
    await waitFor(() => expect(toastTexts()).toContain('Access Denied / Incorrect password'));
    expect(functions.invoke).toHaveBeenCalledWith('norman-access', { body: { password: 'guess' } });
    expect(screen.getByRole('heading', { name: 'Access Required' })).toBeTruthy();
    expect(normanPass()).toBeNull();
  });

  it("'Access Granted' takes away the 'Access Denied' it answers", async () => {
    functions.invoke
      .mockResolvedValueOnce(answered(401, { code: 'incorrect_password', error: 'Incorrect password' }))
      .mockResolvedValueOnce(granted());
    renderNorman();
    await enter('guess');
    await waitFor(() => expect(toastTexts()).toContain('Access Denied / Incorrect password'));
    await enter('the-right-one');
    await waitFor(() => expect(toastTexts()).toEqual(["Access Granted / Welcome to Norman's operations center"]));
  });

  it("unlocks with 'Access Granted' and shows the operations page, in memory only", async () => {
    functions.invoke.mockResolvedValueOnce(granted());
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    renderNorman();
    await enter('the-right-one');
    await waitFor(() => expect(toastTexts()).toContain("Access Granted / Welcome to Norman's operations center"));
    expect(await screen.findByRole('link', { name: '← Back to Home' })).toBeTruthy();
    expect(screen.getByText('Click above to talk with Norman, your AI operations assistant')).toBeTruthy();
    for (const tile of [
      'Automation Engine',
      'Team Connector',
      'Operations Scaling',
      '24/7 Operations',
      'Process Builder',
      'System Integration',
    ]) {
      expect(screen.getByRole('heading', { name: tile })).toBeTruthy();
    }
    expect(screen.getByText('Ready to scale the team and have fun building?')).toBeTruthy();
    expect(screen.getByText('Widget')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Norman' }));
    expect(normanPass()?.pass).toBe('signed-pass');
    // Never stored: a reload locks the page again.
    expect(setItem.mock.calls.flat().join(' ')).not.toContain('signed-pass');
  });

  it('locks again when the pass runs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      functions.invoke.mockResolvedValueOnce(granted(1));
      renderNorman();
      await enter('the-right-one');
      await screen.findByText('Ready to scale the team and have fun building?');
      await act(() => vi.advanceTimersByTimeAsync(61_000));
      expect(await screen.findByText('Your access to Norman has expired. Enter the password again.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Access Norman' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells the visitor when there are too many attempts', async () => {
    const message = 'Too many attempts. Please wait a minute and try again.';
    functions.invoke.mockResolvedValueOnce(answered(429, { code: 'too_many_attempts', error: message }));
    renderNorman();
    await enter('guess');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', message);
    expect(toastTexts()).toContain(`Too many attempts / ${message}`);
  });

  it('says the form needs a connection, offline and when the server cannot be reached', async () => {
    setOnline(false);
    renderNorman();
    const offline = 'Checking the password needs an internet connection. Connect and try again.';
    expect(await screen.findByText(offline)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Access Norman' }).disabled).toBe(true);

    setOnline(true);
    await waitFor(() => expect(screen.queryByText(offline)).toBeNull());
    functions.invoke.mockResolvedValueOnce({
      data: null,
      error: new FunctionsFetchError(new TypeError('fetch failed')),
    });
    await enter('guess');
    expect(await screen.findByText(offline)).toBeTruthy();
  });
});
