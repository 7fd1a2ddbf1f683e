import { css } from 'styled-system/css';
import { ButtonLink } from '../../ui/button';
import { useSession } from './session';

// Apart from the signed-in header: a visitor's page needs this, not the header's sign-out.

/**
 * 'Sign In' for signed-out visitors; nothing when signed in. While the session is read (and in a
 * page's HTML) its place is kept, unseen: the page does not jump when it appears.
 */
export function SignInLink({ quiet = false }: { quiet?: boolean }) {
  const { status } = useSession();
  if (status === 'signed-in') return null;
  const loading = status === 'loading';
  return (
    <ButtonLink
      to="/auth"
      size={quiet ? 'md' : 'lg'}
      variant={quiet ? 'secondary' : 'primary'}
      className={loading ? css({ visibility: 'hidden' }) : undefined}
      aria-hidden={loading || undefined}
      tabIndex={loading ? -1 : undefined}
    >
      Sign In
    </ButtonLink>
  );
}
