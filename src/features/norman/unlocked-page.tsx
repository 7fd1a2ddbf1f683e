import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { PageContainer } from '../../ui/page-container';
import { NORMAN } from './norman-content';
import { normanStyles } from './norman-styles';

const styles = {
  ...normanStyles,
  opsHeader: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    px: { base: '4', md: '8' },
    py: '3',
    bg: 'gray.900',
    color: 'white',
  }),
  opsBack: css({ color: 'white', fontWeight: 'medium', textDecoration: 'underline', textUnderlineOffset: '3px' }),
  opsTitle: css({ fontFamily: 'heading', fontWeight: 'bold', fontSize: { base: 'md', md: 'lg' } }),
  voice: css({ display: 'flex', justifyContent: 'center', w: 'full', minW: '0', mt: '4' }),
  caption: css({ fontSize: { base: 'sm', md: 'md' }, fontWeight: 'medium', color: 'gray.700', maxW: '32rem' }),
  blurb: css({ maxW: '44rem', mx: 'auto', textAlign: 'center', color: 'fg', lineHeight: 'relaxed' }),
  tiles: css({
    display: 'grid',
    gap: { base: '3', md: '5' },
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
  }),
  tile: css({
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
    p: { base: '3', md: '5' },
    display: 'grid',
    gap: '1',
    alignContent: 'start',
  }),
  tileTitle: css({ fontWeight: 'bold', fontSize: { base: 'sm', md: 'md' }, overflowWrap: 'anywhere' }),
  tileText: css({ fontSize: { base: 'xs', md: 'sm' }, color: 'fg.muted' }),
  closing: css({ textAlign: 'center', fontFamily: 'heading', fontSize: { base: 'lg', md: '2xl' }, fontWeight: 'bold' }),
};

export type UnlockedPageProps = {
  /** Norman's voice button (composed by the route), given the hint to show under it. */
  voice: (caption: ReactNode) => ReactNode;
  /** The embedded voice widget tied to Norman's agent (composed by the route). */
  widget?: ReactNode;
};

/** /norman once unlocked: the operations page, with Norman's voice button and widget. */
export function UnlockedPage({ voice, widget }: UnlockedPageProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that had focus is gone: the reader continues from the unlocked page's heading.
  useEffect(() => heading.current?.focus(), []);
  const copy = NORMAN.unlocked;
  return (
    <>
      <header className={styles.opsHeader}>
        <Link to="/" className={styles.opsBack}>
          {copy.back}
        </Link>
        <span className={styles.opsTitle}>{copy.header}</span>
      </header>
      <PageContainer className={styles.page}>
        <div className={styles.hero}>
          <h1 ref={heading} tabIndex={-1} className={styles.title}>
            {NORMAN.title}
          </h1>
          <p className={styles.subtitle}>{NORMAN.subtitle}</p>
          <div className={styles.voice}>{voice(<p className={styles.caption}>{copy.hint}</p>)}</div>
        </div>
        <section aria-labelledby="meet-norman-blurb" className={styles.hero}>
          <h2 id="meet-norman-blurb" className={styles.cardTitle}>
            {NORMAN.meet.title}
          </h2>
          <p className={styles.blurb}>{NORMAN.meet.blurb}</p>
        </section>
        <section aria-labelledby="norman-tiles">
          <h2 id="norman-tiles" className={css({ srOnly: true })}>
            {copy.tilesTitle}
          </h2>
          <ul className={styles.tiles}>
            {copy.tiles.map((tile) => (
              <li key={tile.title} className={styles.tile}>
                <h3 className={styles.tileTitle}>{tile.title}</h3>
                <p className={styles.tileText}>{tile.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <p className={styles.closing}>{copy.closing}</p>
        {widget}
      </PageContainer>
    </>
  );
}
