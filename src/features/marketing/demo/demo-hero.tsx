import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { CHANNEL_ICONS } from './demo-icons';
import { DEMO_CHANNELS, DEMO_NOTE, type DemoPageData } from './demo-pages';
import { PhoneBadge } from './phone-badge';

const styles = {
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
};

type DemoHeroProps = {
  page: DemoPageData;
  /** The persona's name. */
  assistant: string;
  /** The persona's voice button, given the caption to show under it. */
  voice: (caption: ReactNode) => ReactNode;
};

/** The top of a demo page: who it is for, the voice button, and the phone line or the channels. */
export function DemoHero({ page, assistant, voice }: DemoHeroProps) {
  return (
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
  );
}
