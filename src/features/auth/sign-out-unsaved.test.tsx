// @vitest-environment jsdom
// Sign-out with typed input a form has not saved yet (lib/unsaved-input): the question counts it
// with the unsynced changes, and 'Keep working' leaves it where it was.
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createRoute } from '@tanstack/react-router';
import { toaster } from '../../lib/toast';
import { useUnsavedInput } from '../../lib/unsaved-input';
import { fakeAuth, fakeSession, resetFakeAuth } from '../../testing/fake-auth';
import { authRoutes } from '../../testing/auth-routes';
import { renderRoutes } from '../../testing/render-routes';
import { SignedInHeader } from './signed-in-header';
import { signOutWarning } from './use-sign-out';

vi.mock('../../lib/supabase', async () => {
  const { fakeAuth } = await import('../../testing/fake-auth');
  return { supabase: { auth: fakeAuth }, onSignedOutHere: () => () => undefined, dropSessionHere: vi.fn() };
});

const USER_ID = '00000000-0000-4000-8000-000000000001';
const data = vi.hoisted((): { userData: { userId: string }; pendingChanges: Mock; discardUserData: Mock } => ({
  userData: { userId: '00000000-0000-4000-8000-000000000001' },
  pendingChanges: vi.fn(),
  discardUserData: vi.fn(),
}));
vi.mock('../../data/user-data', () => ({ useUserData: () => data.userData }));
vi.mock('../../data/user-data-lifecycle', () => ({
  pendingChanges: data.pendingChanges,
  discardUserData: data.discardUserData,
}));

/** A form whose input is unsaved while it holds any (as a wizard's value that cannot be stored). */
function NotesForm() {
  const [notes, setNotes] = useState('');
  useUnsavedInput(notes !== '');
  return <input aria-label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} />;
}

function renderSignedIn() {
  resetFakeAuth(fakeSession());
  fakeAuth.signOut.mockImplementation(() => {
    fakeAuth.emit('SIGNED_OUT', null);
    return Promise.resolve({ error: null });
  });
  return renderRoutes(
    '/notes',
    (root) =>
      authRoutes(root, {
        header: <SignedInHeader />,
        pages: (layout) => [createRoute({ getParentRoute: () => layout, path: '/notes', component: NotesForm })],
      }),
    { session: true },
  );
}

beforeEach(() => {
  data.pendingChanges.mockReset().mockResolvedValue(0);
  data.discardUserData.mockReset().mockResolvedValue(undefined);
});
afterEach(() => {
  toaster.remove();
  localStorage.clear();
});

describe('signing out with typed input not saved yet', () => {
  it('asks first, and keeping working leaves the input and the session as they were', async () => {
    const { router } = renderSignedIn();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Notes'), 'Half typed');
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved input' });
    expect(
      within(dialog).getByText('A form has input that is not saved yet. If you sign out now it will be lost.'),
    ).toBeTruthy();
    expect(fakeAuth.signOut).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Keep working' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('Notes').value).toBe('Half typed');
    expect(router.state.location.pathname).toBe('/notes');
    expect(fakeAuth.signOut).not.toHaveBeenCalled();
    expect(data.discardUserData).not.toHaveBeenCalled();
  });

  it('counts it with the unsynced changes, and signs out only when told to discard both', async () => {
    data.pendingChanges.mockResolvedValue(2);
    const { router } = renderSignedIn();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Notes'), 'Half typed');
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Unsynced changes' });
    expect(dialog.textContent).toContain(
      '2 changes on this device have not synced yet, and a form has input that is not saved yet. If you sign out now they will be lost.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sign out and discard' }));
    expect(await screen.findByText('Signed out successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fakeAuth.signOut).toHaveBeenCalledOnce();
    expect(data.discardUserData).toHaveBeenCalledWith(data.userData, USER_ID);
  });

  it('signs out without asking once the form holds nothing unsaved', async () => {
    renderSignedIn();
    const user = userEvent.setup();
    const notes = await screen.findByLabelText('Notes');
    await user.type(notes, 'x');
    await user.clear(notes);
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Signed out successfully')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('signOutWarning', () => {
  it('words each case, one change in the singular', () => {
    expect(signOutWarning({ changes: 1, unsavedInput: false })).toEqual({
      title: 'Unsynced changes',
      text: '1 change on this device has not synced yet. If you sign out now it will be lost.',
    });
    expect(signOutWarning({ changes: 1, unsavedInput: true }).text).toBe(
      '1 change on this device has not synced yet, and a form has input that is not saved yet. If you sign out now they will be lost.',
    );
    expect(signOutWarning({ changes: 0, unsavedInput: true }).title).toBe('Unsaved input');
  });
});
