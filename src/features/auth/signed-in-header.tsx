import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { ButtonLink } from '../../ui/button';
import { useSession } from './session';
import { SignOutButton } from './sign-out-button';

const styles = {
  header: css({
    display: 'grid',
    // Mobile: name and Sign Out on the first row, the sync status under them.
    gridTemplateColumns: { base: '1fr auto', md: 'auto 1fr auto' },
    gridTemplateAreas: { base: '"brand actions" "status status"', md: '"brand status actions"' },
    alignItems: 'center',
    columnGap: '4',
    rowGap: '2',
    px: { base: '4', md: '8' },
    py: '3',
    bg: 'bg.surface/80',
    borderBottomWidth: '1px',
    borderColor: 'border',
  }),
  brand: css({
    gridArea: 'brand',
    fontFamily: 'heading',
    fontWeight: 'bold',
    fontSize: 'lg',
    color: 'brand.800',
    textDecoration: 'none',
  }),
  status: css({
    gridArea: 'status',
    display: 'flex',
    justifyContent: { base: 'flex-start', md: 'flex-end' },
    minW: '0',
  }),
  actions: css({ gridArea: 'actions', display: 'flex', alignItems: 'center', gap: '2' }),
};

type SignedInHeaderProps = {
  /** The sync status of the user's data (composed by the route). */
  syncStatus?: ReactNode;
  /** The voice-chat button (composed by the route). */
  voiceChat?: ReactNode;
};

/** The header for signed-in users (product name, sync status, voice chat, Account, Sign Out); renders nothing for anyone else. */
export function SignedInHeader({ syncStatus, voiceChat }: SignedInHeaderProps) {
  const { status } = useSession();
  if (status !== 'signed-in') return null;
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.brand}>
        Chloe
      </Link>
      {syncStatus ? <div className={styles.status}>{syncStatus}</div> : null}
      <div className={styles.actions}>
        {voiceChat}
        <ButtonLink to="/account" variant="ghost" size="sm">
          Account
        </ButtonLink>
        <SignOutButton />
      </div>
    </header>
  );
}
