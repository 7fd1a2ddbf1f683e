import { useCallback, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useUserData } from '../../data/user-data';
import { toast } from '../../lib/toast';
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

export interface SignOutFlow {
  /** Signs out, unless changes have not synced: then `unsynced` says how many and nothing happens yet. */
  signOut: () => Promise<void>;
  /** Unsynced changes waiting for an answer (the question is open), or null. */
  unsynced: number | null;
  /** The answer 'sign out anyway': those changes are lost. */
  discardAndSignOut: () => Promise<void>;
  /** The answer 'keep working'. */
  keepWorking: () => void;
}

/**
 * Sign-out (docs/product/sync.md#sign-out): asks before losing unsynced changes, signs out, says
 * so, goes home, and removes this user's local database so the next person on the device sees none
 * of it. A failure is toasted as 'Error' with its message and then re-raised.
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
  const [unsynced, setUnsynced] = useState<number | null>(null);

  const finish = useCallback(async () => {
    const { error, later } = await endSession();
    if (error) {
      toast.error('Error', error.message);
      throw error;
    }
    setUnsynced(null);
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
    if (waiting > 0) {
      setUnsynced(waiting);
      return;
    }
    await finish();
  }, [data, finish]);

  const keepWorking = useCallback(() => setUnsynced(null), []);

  return { signOut, unsynced, discardAndSignOut: finish, keepWorking };
}
