import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { formatPrice } from '../../lib/format';
import { buttonRecipe } from '../../ui/button';
import { CollapsibleSection } from '../../ui/collapsible-section';
import { PageContainer } from '../../ui/page-container';
import { MIN_SHARES, SHARE_PRICE } from '../../lib/shareholding';
import { totalFor } from './subscription';

const styles = {
  page: css({ display: 'grid', gap: '8', alignContent: 'start' }),
  top: css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '4' }),
  brand: css({ fontFamily: 'heading', fontWeight: 'bold', fontSize: 'lg', color: 'brand.800', textDecoration: 'none' }),
  hero: css({ textAlign: 'center', display: 'grid', gap: '3' }),
  title: css({ fontFamily: 'heading', fontSize: { base: '3xl', md: '5xl' }, fontWeight: 'bold', color: 'brand.800' }),
  tagline: css({ fontSize: { base: 'lg', md: 'xl' }, color: 'fg.muted', maxW: '42rem', mx: 'auto' }),
  letter: css({
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'xl',
    p: { base: '5', md: '10' },
    display: 'grid',
    gap: '4',
    lineHeight: 'relaxed',
    '& h2': { fontFamily: 'heading', fontSize: 'xl', fontWeight: 'bold' },
    '& ul': { listStyle: 'disc', pl: '5', display: 'grid', gap: '1' },
  }),
  offer: css({ bg: 'primary.subtle', borderRadius: 'lg', p: '4', display: 'grid', gap: '2' }),
  cta: css({ justifySelf: 'center' }),
  warning: css({ borderColor: 'yellow.600' }),
  voice: css({ minH: '0' }),
};

type ShareholderLandingProps = {
  /** Sign In, Dashboard or Subscribe, by state (the route decides). */
  action: ReactNode;
  /** The voice assistant with the co-founder context (filled by the voice feature). */
  voiceWidget?: ReactNode;
};

/** What Chloe's widget on /shareholder is told the page is about: the co-founder opportunity. */
export const CO_FOUNDER_CONTEXT =
  `The visitor is on Chloe's co-founder page, an open invitation to UK estate agents to become founding ` +
  `members and investors. They subscribe online for Class A shares at £${SHARE_PRICE.toFixed(2)} each, at least ` +
  `${MIN_SHARES.toLocaleString('en-GB')} shares, sign the agreement, pay by bank transfer quoting their reference, ` +
  `and may cancel within a 10-day cooling-off period; EIS relief is sought but not guaranteed. Explain how to ` +
  `become a founding member and where to start (Subscribe); give no financial advice, and say that the whole ` +
  `investment is at risk.`;

/** /shareholder: the open letter to UK estate agents and the offer. */
export function ShareholderLanding({ action, voiceWidget }: ShareholderLandingProps) {
  return (
    <PageContainer className={styles.page}>
      <div className={styles.top}>
        <Link to="/" className={styles.brand}>
          Chloe
        </Link>
        {action}
      </div>

      <header className={styles.hero}>
        <h1 className={styles.title}>Become a Co-Founder of Chloe</h1>
        <p className={styles.tagline}>
          An open invitation to UK estate agents: own a share of the AI property assistant built for your business.
        </p>
      </header>

      {voiceWidget ? <div className={styles.voice}>{voiceWidget}</div> : null}

      <article className={styles.letter} aria-labelledby="open-letter">
        <h2 id="open-letter">An open letter to UK estate agents</h2>
        <p>Dear fellow agent,</p>
        <p>
          Chloe answers your calls, emails and messages around the clock, books and confirms viewings, chases solicitors
          and brokers, and keeps every buyer and seller updated — from property search to moved. We are building it with
          the people who know the work best: you.
        </p>
        <p>
          That is why we have opened <strong>1 million shares</strong> to estate agents who want to be co-founders, not
          just customers.
        </p>
        <div className={styles.offer}>
          <h2>The founding package: £5,000</h2>
          <ul>
            <li>{MIN_SHARES.toLocaleString('en-GB')} shares</li>
            <li>A one-year licence of the assistant for one office</li>
            <li>Integration with your CRM</li>
            <li>Unlimited users</li>
          </ul>
          <p>
            The subscription itself is priced at £{SHARE_PRICE.toFixed(2)} a share, as the agreement you sign states:{' '}
            {MIN_SHARES.toLocaleString('en-GB')} shares come to {formatPrice(totalFor(MIN_SHARES))}.
          </p>
        </div>
        <p>
          To show what is at stake, two illustrations — not forecasts: if Chloe reached a valuation of £570 million, or
          of £57 million, each share would be worth a correspondingly larger part of that. Valuations can fall as well
          as rise.
        </p>
        <p>
          One feature we are proudest of is <strong>Chain Break</strong>: Chloe monitors every property chain in real
          time, detects the risk of a break early and can arrange bridging finance before a sale falls through.
        </p>
        <p>Ask Chloe how to become a founding member and investor — or start your subscription now.</p>
        <p>Yours, the Chloe founding team</p>
        <Link to="/shareholder/subscribe" className={`${buttonRecipe({ size: 'lg' })} ${styles.cta}`}>
          Start your subscription
        </Link>
      </article>

      <CollapsibleSection title="Important Investment Risk Warning" className={styles.warning}>
        <p>
          Investing in an early-stage company involves risks, including illiquidity, lack of dividends, loss of
          investment and dilution. It should be done only as part of a diversified portfolio. You could lose all the
          money you invest.
        </p>
        <p>
          Shares in a private company are not listed on any exchange and are hard to sell. Tax relief under the
          Enterprise Investment Scheme depends on your circumstances and on the company keeping its qualifying status;
          it is not guaranteed. This page is not advice: if you are unsure, speak to an authorised financial adviser.
        </p>
      </CollapsibleSection>
    </PageContainer>
  );
}
