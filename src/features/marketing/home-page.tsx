import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { ButtonLink } from '../../ui/button';
import { PageContainer } from '../../ui/page-container';
import { HERO } from './landing-content';
import { Audiences } from './landing/audiences';
import { ChainBreak } from './landing/chain-break';
import { Channels } from './landing/channels';
import { Comparison } from './landing/comparison';
import { Hero } from './landing/hero';
import { Hire } from './landing/hire';

const styles = {
  page: css({ flex: '1', display: 'flex', flexDirection: 'column', bgGradient: 'brand' }),
  content: css({ display: 'grid', gap: { base: '8', md: '12' }, alignContent: 'start' }),
  top: css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center', gap: '2' }),
};

type HomePageProps = {
  /** The signed-in header (composed by the route; it shows itself only to signed-in users). */
  header?: ReactNode;
  /** The voice button (composed by the route) under the headline, given the caption to show under it. */
  voice: (caption: ReactNode) => ReactNode;
  /** 'Sign In' for signed-out visitors. */
  action?: ReactNode;
};

/** The landing page (/ and /conversation): docs/product/marketing.md#landing-page. */
export function HomePage({ header, voice, action }: HomePageProps) {
  return (
    <div className={styles.page}>
      {header}
      <PageContainer className={styles.content}>
        <div className={styles.top}>
          {action}
          <ButtonLink to="/shareholder" variant="secondary">
            {HERO.coFounder}
          </ButtonLink>
        </div>
        <Hero voice={voice} />
        <Comparison />
        <Audiences />
        <ChainBreak />
        <Channels />
        <Hire />
      </PageContainer>
    </div>
  );
}
