import { useEffect } from 'react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { isChunkLoadError } from '../lib/chunk-error';
import { logError } from '../lib/log';
import { useOnline } from '../lib/online';
import { Button, ButtonLink } from './button';
import { PageContainer } from './page-container';

const styles = {
  page: css({ display: 'grid', gap: '4', justifyItems: 'center', textAlign: 'center' }),
  title: css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'semibold' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'center' }),
};

export const PAGE_ERROR = {
  offlineTitle: 'This page needs a connection to load',
  offline:
    'Part of this page has not been downloaded to this device yet. Connect to the internet, then reload. What you saved is kept on this device.',
  updatedTitle: 'This page could not load',
  updated: 'Chloe may have been updated since this page opened, or the connection dropped. Reload to try again.',
  failedTitle: 'Something went wrong on this page',
  failed: 'Reload to try again. What you saved is kept on this device.',
  reload: 'Reload',
  home: 'Return to Home',
} as const;

function words(error: unknown, online: boolean) {
  if (!isChunkLoadError(error)) return { title: PAGE_ERROR.failedTitle, text: PAGE_ERROR.failed };
  if (!online) return { title: PAGE_ERROR.offlineTitle, text: PAGE_ERROR.offline };
  return { title: PAGE_ERROR.updatedTitle, text: PAGE_ERROR.updated };
}

/** Any page that failed to draw, or whose code did not arrive: what happened, in words, and a way on. */
export function PageError({ error }: ErrorComponentProps) {
  const online = useOnline();
  useEffect(() => logError('A page failed', error), [error]);
  const { title, text } = words(error, online);
  return (
    <PageContainer width="narrow" className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <p role="alert">{text}</p>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>{PAGE_ERROR.reload}</Button>
        <ButtonLink to="/" variant="secondary" reloadDocument>
          {PAGE_ERROR.home}
        </ButtonLink>
      </div>
    </PageContainer>
  );
}
