import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';

const styles = {
  section: css({
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'xl',
    boxShadow: 'md',
    p: { base: '5', md: '8' },
    display: 'grid',
    gap: { base: '4', md: '6' },
    minW: '0',
  }),
  head: css({ display: 'grid', gap: '2', textAlign: 'center' }),
  title: css({
    fontFamily: 'heading',
    fontSize: { base: '2xl', md: '3xl' },
    fontWeight: 'bold',
    lineHeight: 'tight',
    color: 'brand.800',
  }),
  intro: css({ color: 'fg.muted', fontSize: { base: 'md', md: 'lg' }, maxW: '42rem', mx: 'auto' }),
};

type LandingSectionProps = {
  /** The id of the h2, which names the section. */
  id: string;
  title: string;
  intro?: string;
  className?: string;
  children: ReactNode;
};

/** One section of the landing page: a white panel on the gradient, named by its h2. */
export function LandingSection({ id, title, intro, className, children }: LandingSectionProps) {
  return (
    <section aria-labelledby={id} className={cx(styles.section, className)}>
      <div className={styles.head}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** An h3 inside a section. */
export const subheading = css({
  fontFamily: 'heading',
  fontSize: { base: 'lg', md: 'xl' },
  fontWeight: 'bold',
  lineHeight: 'tight',
});

/** A list of short points, each after a decorative icon. */
export const pointList = css({
  display: 'grid',
  gap: '3',
  '& li': { display: 'flex', alignItems: 'flex-start', gap: '2.5', overflowWrap: 'anywhere' },
  '& li svg': { w: '5', h: '5', mt: '0.5' },
});
