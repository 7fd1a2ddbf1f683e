import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';

const styles = {
  header: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    // A button's height whether or not Sign Out is there yet (it comes with the session).
    minH: '16',
    px: { base: '4', md: '8' },
    py: '3',
    bg: 'bg.surface/80',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  back: css({
    color: 'primary.text',
    fontWeight: 'medium',
    textDecoration: 'none',
    _hover: { textDecoration: 'underline' },
  }),
  middle: css({ display: 'grid', textAlign: 'center', fontSize: 'sm' }),
  name: css({ fontWeight: 'semibold' }),
};

/** 'Back to Shareholder', optional subscriber details, and Sign Out (the route's, back to /shareholder). */
export function ShareholderHeader({ children, signOut }: { children?: ReactNode; signOut: ReactNode }) {
  return (
    <header className={styles.header}>
      <Link to="/shareholder" className={styles.back}>
        ← Back to Shareholder
      </Link>
      {children ? <div className={styles.middle}>{children}</div> : null}
      {signOut}
    </header>
  );
}

export const headerStyles = styles;
