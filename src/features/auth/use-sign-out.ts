import { useCallback, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useUserData } from '../../data/user-data';
import { plural } from '../../lib/format';
import { toast } from '../../lib/toast';
import { hasUnsavedInput } from '../../lib/unsaved-input';
import { signOut as endSession } from './api/sign-out';
import { useSession } from './session';
import { errorMessage } from '../../lib/errors';

// RxDB's side of signing out (count what waits, remove the database) is already loaded for a
// signed-in user; imported when needed, a page with a Sign Out button does not bring RxDB to a
// visitor who is not signed in.
const lifecycle = () => import('../../data/user-data-lifecycle');

export const SIGNED_OUT_OFFLINE = 'Signed out on this device';
export const SIGNED_OUT_OFFLINE_DETAIL =
  'You are offline: your sign-in is ended on the server too when this device next connects.';

/** What signing out now would lose: asked about first. */
export interface SignOutLoss {
  /** Changes on this device the server does not have yet. */
  changes: number;
  /** A form holds typed input that is not saved yet (lib/unsaved-input). */
  unsavedInput: boolean;
}

export interface SignOutFlow {
  /** Signs out, unless something would be lost: then `loss` says what and nothing happens yet. */
  signOut: () => Promise<void>;
  /** What would be lost, while the question is open; or null. */
  loss: SignOutLoss | null;
  /** The answer 'sign out anyway': all of it is lost. */
  discardAndSignOut: () => Promise<void>;
  /** The answer 'keep working': nothing is lost. */
  keepWorking: () => void;
}

/** The question's words (docs/product/messages.md#sign-in-and-sign-out). */
export function signOutWarning({ changes, unsavedInput }: SignOutLoss): { title: string; text: string } {
  const unsynced = `${plural(changes, 'change')} on this device ${changes === 1 ? 'has' : 'have'} not synced yet`;
  if (!unsavedInput) {
    return {
      title: 'Unsynced changes',
      text: `${unsynced}. If you sign out now ${changes === 1 ? 'it' : 'they'} will be lost.`,
    };
  }
  if (changes === 0) {
    return {
      title: 'Unsaved input',
      text: 'A form has input that is not saved yet. If you sign out now it will be lost.',
    };
  }
  return {
    title: 'Unsynced changes',
    text: `${unsynced}, and a form has input that is not saved yet. If you sign out now they will be lost.`,
  };
}

/**
 * Sign-out (docs/product/sync.md#sign-out): asks before losing unsynced changes or typed input not
 * saved yet, signs out, says so, goes home, and removes this user's local database so the next
 * person on the device sees none of it. A failure is toasted as 'Error' with its message and then
 * re-raised.
 *
 * Offline it still signs out at once (a shared tablet must not keep the last user's data for the
 * next person): the session and the data leave this device, and the auth service is told when the
 * device next connects (api/sign-out). A refusal from the service leaves the user signed in.
 */
export function useSignOut(redirectTo: '/' | '/shareholder' = '/'): SignOutFlow {
  const navigate = useNavigate();
  const data = useUserData();
  const { user } = useSession();
  const userId = data?.userId ?? user?.id;
  const [loss, setLoss] = useState<SignOutLoss | null>(null);

  const finish = useCallback(async () => {
    const { error, later } = await endSession();
    if (error) {
      toast.error('Error', error.message);
      throw error;
    }
    setLoss(null);
    if (later) toast.success(SIGNED_OUT_OFFLINE, SIGNED_OUT_OFFLINE_DETAIL);
    else toast.success('Signed out successfully');
    // Started at once, so the guard sees a navigation under way and does not send us to /auth.
    const navigation = navigate({ to: redirectTo });
    try {
      await (await lifecycle()).discardUserData(data, userId);
    } catch (error) {
      toast.error('Could not clear this device', `This device still holds your saved data: ${errorMessage(error)}`);
      throw error;
    } finally {
      await navigation;
    }
  }, [navigate, redirectTo, data, userId]);

  const signOut = useCallback(async () => {
    let waiting: number;
    try {
      waiting = await (await lifecycle()).pendingChanges(data);
    } catch (error) {
      toast.error('Error', errorMessage(error));
      throw error;
    }
    // Asked after the count: a form's write under way has landed in the outbox by then.
    const unsavedInput = hasUnsavedInput();
    if (waiting > 0 || unsavedInput) {
      setLoss({ changes: waiting, unsavedInput });
      return;
    }
    await finish();
  }, [data, finish]);

  const keepWorking = useCallback(() => setLoss(null), []);

  return { signOut, loss, discardAndSignOut: finish, keepWorking };
}
