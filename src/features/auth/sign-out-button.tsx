import { useState } from 'react';
import { plural } from '../../lib/format';
import { Button, type ButtonProps } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useSignOut } from './use-sign-out';

type SignOutButtonProps = Omit<ButtonProps, 'onClick' | 'busy' | 'children'> & {
  /** Where to go once signed out: home, or /shareholder from the shareholder pages. */
  redirectTo?: '/' | '/shareholder';
};

export function SignOutButton({ redirectTo, ...props }: SignOutButtonProps) {
  const { signOut, unsynced, discardAndSignOut, keepWorking } = useSignOut(redirectTo);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch {
      // useSignOut has already shown the error toast; the user stays signed in and can retry.
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        {...props}
        busy={busy && unsynced === null}
        onClick={() => void run(signOut)}
      >
        Sign Out
      </Button>
      <ConfirmDialog
        open={unsynced !== null}
        title="Unsynced changes"
        description={
          unsynced === null
            ? ''
            : `${plural(unsynced, 'change')} on this device ${unsynced === 1 ? 'has' : 'have'} not synced yet. If you sign out now ${unsynced === 1 ? 'it' : 'they'} will be lost.`
        }
        cancelLabel="Keep working"
        confirmLabel="Sign out and discard"
        destructive
        busy={busy}
        onCancel={keepWorking}
        onConfirm={() => void run(discardAndSignOut)}
      />
    </>
  );
}
