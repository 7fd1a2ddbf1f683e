import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { PERSONAS } from '../../../lib/personas';
import { buttonRecipe, ButtonLink } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { PageContainer } from '../../../ui/page-container';
import { VoiceWidget } from '../../../ui/voice-widget';
import { HIRE } from '../landing-content';
import { LandingSection, subheading } from '../landing/section';
import { CHANNEL_ICONS, SparkIcon } from './demo-icons';
import { DemoHero } from './demo-hero';
import { DEMO_CHANNELS, DEMO_FEATURES, type DemoPageData } from './demo-pages';
import { PhoneBadge } from './phone-badge';

// Two columns on phones, four from md (widths under 768 px are mobile).
const fourAcross = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
  gap: { base: '3', md: '4' },
});

const styles = {
  page: css({ flex: '1', display: 'flex', flexDirection: 'column', bgGradient: 'brand' }),
  header: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    w: 'full',
    maxW: '64rem',
    mx: 'auto',
    px: { base: '4', md: '8' },
    pt: { base: '4', md: '6' },
  }),
  content: css({ display: 'grid', gap: { base: '6', md: '10' }, alignContent: 'start', pt: { base: '4', md: '6' } }),
  introTitle: css({ fontFamily: 'heading', fontSize: { base: 'lg', md: '2xl' }, fontWeight: 'bold', mb: '2' }),
  introText: css({ color: 'fg', fontSize: { base: 'sm', md: 'md' }, lineHeight: 'relaxed' }),
  tile: css({
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
    p: { base: '3', md: '4' },
    display: 'grid',
    alignContent: 'start',
    justifyItems: 'center',
    gap: '1.5',
    textAlign: 'center',
    minW: '0',
    '& svg': { color: 'primary', w: { base: '5', md: '6' }, h: { base: '5', md: '6' } },
  }),
  feature: css({
    bg: 'primary.subtle',
    borderRadius: 'lg',
    p: { base: '3', md: '4' },
    display: 'grid',
    alignContent: 'start',
    gap: '1.5',
    minW: '0',
    '& svg': { color: 'primary', w: '5', h: '5' },
  }),
  cardTitle: cx(subheading, css({ fontSize: { base: 'sm', md: 'lg' }, overflowWrap: 'anywhere' })),
  cardText: css({ color: 'fg.muted', fontSize: { base: 'xs', md: 'sm' } }),
  closing: css({ display: 'grid', gap: '4', justifyItems: 'center' }),
  // A long label wraps on a narrow phone instead of widening the page.
  cta: css({ whiteSpace: 'normal', textAlign: 'center', h: 'auto', minH: '12', py: '2' }),
};

type DemoPageProps = {
  page: DemoPageData;
  /** The persona's voice button (composed by the route), given the caption to show under it. */
  voice: (caption: ReactNode) => ReactNode;
};

/** A demo or agent landing page (docs/product/marketing.md#demo-pages): one component, the page's data. */
export function DemoPage({ page, voice }: DemoPageProps) {
  const assistant = PERSONAS[page.persona].name;
  const id = (part: string) => `demo-${part}`;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <ButtonLink to="/" variant="secondary">
          Back to Home
        </ButtonLink>
        {page.hero === 'channels' ? <PhoneBadge phone={page.phone} assistant={assistant} /> : null}
      </header>
      <PageContainer className={styles.content}>
        <DemoHero page={page} assistant={assistant} voice={voice} />

        <Card aria-labelledby={id('intro')}>
          <h2 id={id('intro')} className={styles.introTitle}>
            {page.intro.title}
          </h2>
          <p className={styles.introText}>{page.intro.text}</p>
        </Card>

        <LandingSection
          id={id('channels')}
          title={`${assistant} answers on every channel`}
          intro={`Callers, emails and messages get the same quick, friendly answer, whichever way they reach ${page.prospect}.`}
        >
          <ul className={fourAcross}>
            {DEMO_CHANNELS.map((channel) => {
              const Icon = CHANNEL_ICONS[channel.id];
              return (
                <li key={channel.id} className={styles.tile}>
                  <Icon />
                  <h3 className={styles.cardTitle}>{channel.title}</h3>
                  <p className={styles.cardText}>{channel.text}</p>
                </li>
              );
            })}
          </ul>
        </LandingSection>

        <LandingSection id={id('features')} title={`What ${assistant} does for ${page.prospect}`}>
          <ul className={fourAcross}>
            {DEMO_FEATURES.map((feature) => (
              <li key={feature.title} className={styles.feature}>
                <SparkIcon />
                <h3 className={styles.cardTitle}>{feature.title}</h3>
                <p className={styles.cardText}>{feature.text}</p>
              </li>
            ))}
          </ul>
        </LandingSection>

        <LandingSection id={id('closing')} title={page.closing.title} intro={page.closing.text}>
          <div className={styles.closing}>
            {/* A plain link, as on the landing page: /professional-signup is another feature's route. */}
            <a href={HIRE.href} className={cx(buttonRecipe({ size: 'lg' }), styles.cta)}>
              Get {assistant} for {page.prospect}
            </a>
          </div>
        </LandingSection>

        <VoiceWidget agentId={page.agentId} />
      </PageContainer>
    </div>
  );
}
