import { Link } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { LOCKED_MESSAGE } from '../../lib/shareholding';
import { Button, buttonRecipe } from '../../ui/button';

const styles = {
  locked: css({ opacity: 0.55 }),
  tiles: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '3' }),
  tile: css({
    p: '4',
    borderRadius: 'lg',
    borderWidth: '1px',
    borderColor: 'border',
    display: 'grid',
    gap: '1',
    textDecoration: 'none',
    color: 'fg',
  }),
  tileTitle: css({ fontWeight: 'bold' }),
  // A state to wait for, not an error: in the text colour, with the warning icon.
  warning: css({ display: 'flex', gap: '2', alignItems: 'flex-start', color: 'fg', fontSize: 'sm' }),
};

export function LockedIcon() {
  return (
    <span role="img" aria-label="Locked" className={css({ color: 'yellow.600' })}>
      ⚠
    </span>
  );
}

export function AgentAssessmentSection({ unlocked }: { unlocked: boolean }) {
  const tiles = (
    <div className={styles.tiles}>
      {(
        [
          ['Assessment Forms', 'Create custom forms'],
          ['Analytics', 'View responses'],
        ] as const
      ).map(([title, text]) =>
        unlocked ? (
          <Link key={title} to="/create-assessment" className={styles.tile}>
            <span className={styles.tileTitle}>{title}</span>
            <span>{text}</span>
          </Link>
        ) : (
          <div key={title} className={cx(styles.tile, styles.locked)} aria-disabled="true">
            <span className={styles.tileTitle}>{title}</span>
            <span>{text}</span>
          </div>
        ),
      )}
    </div>
  );
  return (
    <>
      <p>Create and manage assessments for estate agents to evaluate their AI readiness and business needs.</p>
      {unlocked ? (
        <Link to="/create-assessment" className={buttonRecipe()}>
          Create New Assessment
        </Link>
      ) : (
        <>
          <p className={styles.warning} role="note">
            <LockedIcon />
            {LOCKED_MESSAGE}
          </p>
          <Button disabled className={styles.locked}>
            Create New Assessment
          </Button>
        </>
      )}
      {tiles}
    </>
  );
}
