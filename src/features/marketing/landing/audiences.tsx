import { css } from 'styled-system/css';
import { CheckCircleIcon } from '../../../ui/icons';
import { AUDIENCES, AUDIENCES_TITLE, type Audience } from '../landing-content';
import { LandingSection, pointList, subheading } from './section';

const styles = {
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: { base: '4', md: '6' } }),
  card: css({
    borderWidth: '1px',
    borderColor: 'border',
    borderTopWidth: '4px',
    borderTopColor: 'brand.500',
    borderRadius: 'lg',
    p: { base: '4', md: '6' },
    display: 'grid',
    alignContent: 'start',
    gap: '3',
    minW: '0',
    '& svg': { color: 'primary' },
  }),
  intro: css({ color: 'fg.muted', fontSize: 'sm' }),
};

function AudienceCard({ audience }: { audience: Audience }) {
  const headingId = `landing-audience-${audience.id}`;
  return (
    <section aria-labelledby={headingId} className={styles.card}>
      <h3 id={headingId} className={subheading}>
        {audience.title}
      </h3>
      <p className={styles.intro}>{audience.intro}</p>
      <ul className={pointList}>
        {audience.benefits.map((benefit) => (
          <li key={benefit}>
            <CheckCircleIcon />
            {benefit}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What Chloe does for agents, movers, lawyers and brokers: one column on phones, two from md. */
export function Audiences() {
  return (
    <LandingSection id="landing-audiences" title={AUDIENCES_TITLE}>
      <div className={styles.grid}>
        {AUDIENCES.map((audience) => (
          <AudienceCard key={audience.id} audience={audience} />
        ))}
      </div>
    </LandingSection>
  );
}
