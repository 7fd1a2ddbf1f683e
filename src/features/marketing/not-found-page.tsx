import { useEffect } from 'react';
import { useLocation } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { logError } from '../../lib/log';
import { redactPath } from '../../lib/redact-path';
import { ButtonLink } from '../../ui/button';
import { PageContainer } from '../../ui/page-container';

// History entries already logged: once per visit, also when React runs an effect twice or the
// page re-renders; going Back to the same entry is not a new visit.
const logged = new Set<string>();

/** The 404 page for any unknown path; the path is logged so broken links can be found. */
export function NotFoundPage() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const visit = useLocation({ select: (location) => location.state.__TSR_key ?? location.href });

  useEffect(() => {
    const key = `${visit} ${pathname}`;
    if (logged.has(key)) return;
    logged.add(key);
    // The path only: no query string or fragment, and token-like segments masked.
    logError('404 Error: User attempted to access non-existent route:', redactPath(pathname));
  }, [visit, pathname]);

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
