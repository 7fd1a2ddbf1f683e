import type { ReactNode } from 'react';
import { Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { useSession } from './session';

/**
 * Layout for protected routes: waits for the session, sends signed-out visitors to /auth, and
 * shows the signed-in `header` above the page.
 */
export function AuthGuard({ header }: { header?: ReactNode }) {
  const { status } = useSession();
  // A navigation already under way (e.g. to / right after signing out) must not be overridden.
  const navigating = useRouterState({ select: (s) => s.status === 'pending' });

  if (status === 'loading') {
    return (
      <p role="status" className={css({ p: '8', textAlign: 'center', color: 'fg.muted', flex: '1' })}>
        Loading...
      </p>
    );
  }
  if (status === 'signed-out') return navigating ? null : <Navigate to="/auth" replace />;
  return (
    <>
      {header}
      <Outlet />
    </>
  );
}
