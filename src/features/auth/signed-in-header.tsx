import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { ButtonLink } from '../../ui/button';
import { useSession } from './session';
import { SignOutButton } from './sign-out-button';

const styles = {
  header: css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '4',
    px: { base: '4', md: '8' },
    py: '3',
    bg: 'bg.surface/80',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  brand: css({ fontFamily: 'heading', fontWeight: 'bold', fontSize: 'lg', color: 'brand.800', textDecoration: 'none' }),
};

/** The header for signed-in users (product name, Sign Out); renders nothing for anyone else. */
export function SignedInHeader() {
  const { status } = useSession();
  if (status !== 'signed-in') return null;
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.brand}>
        Chloe
      </Link>
      <SignOutButton />
    </header>
  );
}

/** 'Sign In' for signed-out visitors; nothing while loading or when signed in. */
export function SignInLink() {
  const { status } = useSession();
  if (status !== 'signed-out') return null;
  return (
    <ButtonLink to="/auth" size="lg">
      Sign In
    </ButtonLink>
  );
}
