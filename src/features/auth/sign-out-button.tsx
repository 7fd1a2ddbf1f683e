import { useState } from 'react';
import { Button, type ButtonProps } from '../../ui/button';
import { useSignOut } from './use-sign-out';

export function SignOutButton(props: Omit<ButtonProps, 'onClick' | 'busy' | 'children'>) {
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);

  async function handleClick() {
    setBusy(true);
    try {
      await signOut();
    } catch {
      // useSignOut has already shown the error toast; the user stays signed in and can retry.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="secondary" size="sm" {...props} busy={busy} onClick={() => void handleClick()}>
      Sign Out
    </Button>
  );
}
