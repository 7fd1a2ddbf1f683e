import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { PageContainer } from './page-container';

const styles = {
  page: css({ display: 'grid', gap: '4', alignContent: 'start', gridTemplateColumns: 'minmax(0, 1fr)', maxW: '56rem' }),
  title: css({ fontFamily: 'heading', fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' }),
  intro: css({ color: 'fg.muted', maxW: '44rem' }),
  // The screen below the heading, whatever fills it: 'Loading...' while the wizard's data opens,
  // then the wizard in the same place. Nothing under it (the footer) is on screen until then, so
  // nothing moves when the steps arrive.
  panel: css({ display: 'grid', gap: '6', alignContent: 'start', minH: 'calc(100dvh - 8rem)', mt: '2' }),
};

/**
 * A wizard's page: its title, a line on what it asks, and the place its steps fill. The page's
 * HTML (ADR 015) is this with 'Loading...' in that place.
 */
export function WizardPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <PageContainer className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.intro}>{intro}</p>
      <div className={styles.panel}>{children}</div>
    </PageContainer>
  );
}
