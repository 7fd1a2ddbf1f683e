import { css, cx } from 'styled-system/css';
import { AlertCircleIcon, CheckCircleIcon } from '../../../ui/icons';
import { COMPARISON } from '../landing-content';
import { LandingSection, pointList, subheading } from './section';

const styles = {
  columns: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: { base: '4', md: '6' } }),
  column: css({
    borderRadius: 'lg',
    borderWidth: '1px',
    p: { base: '4', md: '6' },
    display: 'grid',
    alignContent: 'start',
    gap: '3',
  }),
  before: css({ bg: 'bg.muted', borderColor: 'border', '& svg': { color: 'danger' } }),
  after: css({ bg: 'primary.subtle', borderColor: 'brand.200', '& svg': { color: 'primary' } }),
};

/** Before Chloe and With Chloe: two lists, side by side from md. */
export function Comparison() {
  const { before, after } = COMPARISON;
  return (
    <LandingSection id="landing-comparison" title={COMPARISON.title}>
      <div className={styles.columns}>
        <div className={cx(styles.column, styles.before)}>
          <h3 id="landing-before" className={subheading}>
            {before.title}
          </h3>
          <ul aria-labelledby="landing-before" className={pointList}>
            {before.items.map((item) => (
              <li key={item}>
                <AlertCircleIcon />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <div className={cx(styles.column, styles.after)}>
          <h3 id="landing-after" className={subheading}>
            {after.title}
          </h3>
          <ul aria-labelledby="landing-after" className={pointList}>
            {after.items.map((item) => (
              <li key={item}>
                <CheckCircleIcon />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </LandingSection>
  );
}
