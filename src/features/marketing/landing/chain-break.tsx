import { css } from 'styled-system/css';
import { CHAIN_BREAK } from '../landing-content';
import { LandingSection, subheading } from './section';

const styles = {
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, gap: '4' }),
  point: css({
    bg: 'primary.subtle',
    borderRadius: 'lg',
    p: { base: '4', md: '5' },
    display: 'grid',
    alignContent: 'start',
    gap: '1.5',
    minW: '0',
  }),
  text: css({ color: 'fg.muted' }),
};

/** Chain monitoring, chain-break risk and bridging finance. */
export function ChainBreak() {
  return (
    <LandingSection id="landing-chain-break" title={CHAIN_BREAK.title} intro={CHAIN_BREAK.intro}>
      <ul className={styles.grid}>
        {CHAIN_BREAK.points.map((point) => (
          <li key={point.title} className={styles.point}>
            <h3 className={subheading}>{point.title}</h3>
            <p className={styles.text}>{point.text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
