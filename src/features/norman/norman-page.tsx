import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { clearNormanPass, useNormanAccess } from '../../lib/norman-pass';
import { ButtonLink } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageContainer } from '../../ui/page-container';
import { AccessForm } from './access-form';
import { NORMAN } from './norman-content';
import { normanStyles } from './norman-styles';
import { UnlockedPage, type UnlockedPageProps } from './unlocked-page';

const styles = {
  ...normanStyles,
  top: css({ display: 'flex', justifyContent: 'flex-start' }),
  cards: css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, alignItems: 'start' }),
  points: css({ listStyle: 'disc', pl: '5', display: 'grid', gap: '1.5', color: 'fg' }),
};

/** /norman: locked until the server accepts the password; unlocked for this page session only. */
export function NormanPage({ voice, widget }: UnlockedPageProps) {
  const { pass, lockedBecause } = useNormanAccess();
  // The pass runs out on the server: lock the page at the same moment rather than at the next call.
  useEffect(() => {
    if (!pass) return;
    const left = pass.expiresAt - Date.now();
    const timer = window.setTimeout(
      () => clearNormanPass('Your access to Norman has expired. Enter the password again.'),
      Math.max(0, Math.min(left, 2 ** 31 - 1)),
    );
    return () => window.clearTimeout(timer);
  }, [pass]);
  return pass ? <UnlockedPage voice={voice} widget={widget} /> : <Locked lockedBecause={lockedBecause} />;
}

function Locked({ lockedBecause }: { lockedBecause: string | null }) {
  return (
    <PageContainer className={styles.page}>
      <div className={styles.top}>
        <ButtonLink to="/" variant="secondary">
          Back to Home
        </ButtonLink>
      </div>
      <header className={styles.hero}>
        <h1 className={styles.title}>{NORMAN.title}</h1>
        <p className={styles.subtitle}>{NORMAN.subtitle}</p>
      </header>
      <div className={styles.cards}>
        <Card aria-labelledby="meet-norman">
          <h2 id="meet-norman" className={styles.cardTitle}>
            {NORMAN.meet.title}
          </h2>
          <ul className={styles.points}>
            {NORMAN.meet.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </Card>
        <Card aria-labelledby="norman-access">
          <h2 id="norman-access" className={styles.cardTitle}>
            {NORMAN.access.title}
          </h2>
          <AccessForm lockedBecause={lockedBecause} />
        </Card>
      </div>
    </PageContainer>
  );
}
