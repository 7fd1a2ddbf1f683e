import { useState } from 'react';
import { Button, type ButtonProps } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { signOutWarning, useSignOut } from './use-sign-out';

type SignOutButtonProps = Omit<ButtonProps, 'onClick' | 'busy' | 'children'> & {
  /** Where to go once signed out: home, or /shareholder from the shareholder pages. */
  redirectTo?: '/' | '/shareholder';
};

export function SignOutButton({ redirectTo, ...props }: SignOutButtonProps) {
  const { signOut, loss, discardAndSignOut, keepWorking } = useSignOut(redirectTo);
  const warning = loss ? signOutWarning(loss) : null;
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
      <Button variant="secondary" size="sm" {...props} busy={busy && loss === null} onClick={() => void run(signOut)}>
        Sign Out
      </Button>
      <ConfirmDialog
        open={warning !== null}
        title={warning?.title ?? ''}
        description={warning?.text ?? ''}
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
