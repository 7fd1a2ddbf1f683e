import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { HERO } from '../landing-content';

const styles = {
  hero: css({ display: 'grid', gap: { base: '3', md: '4' }, textAlign: 'center', justifyItems: 'center' }),
  title: css({
    fontFamily: 'heading',
    fontSize: { base: '3xl', md: '5xl' },
    fontWeight: 'bold',
    lineHeight: 'tight',
    color: 'brand.800',
    maxW: '48rem',
  }),
  subtitle: css({ fontSize: { base: 'lg', md: 'xl' }, color: 'gray.700', maxW: '42rem' }),
  voice: css({ display: 'flex', justifyContent: 'center', w: 'full', minW: '0', mt: { base: '4', md: '6' } }),
  caption: css({ fontSize: { base: 'sm', md: 'md' }, fontWeight: 'medium', color: 'gray.700', maxW: '32rem' }),
};

/**
 * The headline and sub-headline, then the voice button. The button draws the caption itself,
 * right under it, above a conversation that opens below.
 */
export function Hero({ voice }: { voice: (caption: ReactNode) => ReactNode }) {
  return (
    <div className={styles.hero}>
      <h1 className={styles.title}>{HERO.headline}</h1>
      <p className={styles.subtitle}>{HERO.subheadline}</p>
      <div className={styles.voice}>{voice(<p className={styles.caption}>{HERO.voiceCaption}</p>)}</div>
    </div>
  );
}
