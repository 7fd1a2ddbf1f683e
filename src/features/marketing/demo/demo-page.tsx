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
import { DEMO_CHANNELS, DEMO_FEATURES, DEMO_NOTE, type DemoPageData } from './demo-pages';
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
  hero: css({ display: 'grid', gap: { base: '3', md: '4' }, textAlign: 'center', justifyItems: 'center' }),
  eyebrow: css({
    fontSize: { base: 'xs', md: 'sm' },
    fontWeight: 'semibold',
    letterSpacing: '0.08em',
    textTransform: 'uppercase',
    color: 'primary.text',
  }),
  title: css({
    fontFamily: 'heading',
    fontSize: { base: '2xl', md: '5xl' },
    fontWeight: 'bold',
    lineHeight: 'tight',
    color: 'brand.800',
    maxW: '48rem',
    overflowWrap: 'anywhere',
  }),
  subtitle: css({ fontSize: { base: 'md', md: 'xl' }, color: 'gray.700', maxW: '42rem' }),
  voice: css({ display: 'flex', justifyContent: 'center', w: 'full', minW: '0', mt: { base: '2', md: '4' } }),
  caption: css({ fontSize: { base: 'sm', md: 'md' }, fontWeight: 'medium', color: 'gray.700', maxW: '32rem' }),
  call: css({ display: 'grid', gap: '2', justifyItems: 'center' }),
  callLead: css({ fontSize: { base: 'sm', md: 'md' }, color: 'gray.700' }),
  miniGrid: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
    gap: '2',
    w: 'full',
    maxW: '36rem',
  }),
  miniItem: css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'brand.200',
    borderRadius: 'full',
    px: '3',
    py: '2',
    fontSize: 'sm',
    fontWeight: 'medium',
    color: 'brand.800',
    minW: '0',
    '& svg': { w: '4', h: '4', color: 'primary' },
  }),
  // A sticky note in a handwriting face served from this origin (kept by the service worker).
  note: css({
    mt: '2',
    maxW: '18rem',
    px: '4',
    py: '3',
    bg: 'yellow.50',
    color: 'gray.800',
    borderWidth: '1px',
    borderColor: 'yellow.600/30',
    borderRadius: 'sm',
    boxShadow: 'md',
    fontFamily: 'hand',
    fontSize: { base: 'xl', md: '2xl' },
    lineHeight: 'snug',
    transform: 'rotate(-2deg)',
  }),
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
        <div className={styles.hero}>
          <p className={styles.eyebrow}>
            {page.kind === 'demo' ? 'A demo for' : 'Prepared for'} {page.prospect}
          </p>
          <h1 className={styles.title}>{page.headline}</h1>
          <p className={styles.subtitle}>{page.subheadline}</p>
          <div className={styles.voice}>
            {voice(
              <p className={styles.caption}>
                Click above to talk with {assistant}, the AI assistant for {page.prospect}
              </p>,
            )}
          </div>
          {page.hero === 'phone' ? (
            <div className={styles.call}>
              <p className={styles.callLead}>Prefer the phone? Call {assistant} directly:</p>
              <PhoneBadge phone={page.phone} assistant={assistant} size="large" />
            </div>
          ) : (
            <ul className={styles.miniGrid} aria-label={`${assistant} answers by`}>
              {DEMO_CHANNELS.map((channel) => {
                const Icon = CHANNEL_ICONS[channel.id];
                return (
                  <li key={channel.id} className={styles.miniItem}>
                    <Icon />
                    {channel.title}
                  </li>
                );
              })}
            </ul>
          )}
          <p className={styles.note}>{DEMO_NOTE}</p>
        </div>

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
