import { useEffect } from 'react';
import { useLocation } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { logError } from '../../lib/log';
import { ButtonLink } from '../../ui/button';
import { PageContainer } from '../../ui/page-container';

/** The 404 page for any unknown path; the path is logged so broken links can be found. */
export function NotFoundPage() {
  const pathname = useLocation({ select: (location) => location.pathname });

  useEffect(() => {
    logError('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <PageContainer
      className={css({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: '4',
        textAlign: 'center',
      })}
    >
      <p className={css({ fontSize: '6xl', fontWeight: 'bold', color: 'primary', lineHeight: '1' })} aria-hidden="true">
        404
      </p>
      <h1 className={css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'semibold' })}>Oops! Page not found</h1>
      <ButtonLink to="/" variant="secondary">
        Return to Home
      </ButtonLink>
    </PageContainer>
  );
}
