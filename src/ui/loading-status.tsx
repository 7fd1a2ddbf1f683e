import { useEffect, useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Button } from './button';

const styles = {
  root: css({
    p: '8',
    textAlign: 'center',
    color: 'fg.muted',
    flex: '1',
    display: 'grid',
    gap: '3',
    justifyItems: 'center',
  }),
  slow: css({ maxW: '32rem', color: 'fg', display: 'grid', gap: '3', justifyItems: 'center' }),
};

/** After this long, loading is stuck rather than slow (a full device, a tab holding the data). */
export const STUCK_AFTER_MS = 15_000;

/**
 * 'Loading...' (or what is given) in a polite status region, filling the page's place. Still
 * there after STUCK_AFTER_MS, it says what may be wrong and offers a reload: never a dead end.
 */
export function LoadingStatus({ children = 'Loading...' }: { children?: ReactNode }) {
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStuck(true), STUCK_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className={styles.root}>
      <p role="status">{children}</p>
      {stuck ? (
        <div className={styles.slow} role="alert">
          <p>
            This is taking longer than it should. This device may be short of storage space (free some, then reload), or
            another tab of Chloe may still be closing.
          </p>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </div>
      ) : null}
    </div>
  );
}
