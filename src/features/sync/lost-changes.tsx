import { useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { lostSentence, type LostChanges } from '../../lib/changes-lost';
import { requestPersistentStorage } from '../../lib/storage';
import { Button } from '../../ui/button';
import { problemPanel } from '../../ui/alert';

const styles = {
  box: problemPanel,
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
};

const KEEP_ANSWER = {
  true: 'The browser will keep Chloe’s data on this device.',
  false:
    'The browser did not agree. Installing Chloe as an app (your browser’s menu: Install, or Add to Home Screen) is the surest way.',
  null: 'This browser cannot be asked. Installing Chloe as an app (Add to Home Screen) keeps its data longest.',
} as const;

/**
 * Asks the browser to keep this site's data (persistent storage: browsers grant it to a person's
 * request or an installed app), and says what it answered and how else to get it.
 */
export function KeepDataAsk({ children }: { children?: ReactNode }) {
  const [answer, setAnswer] = useState<keyof typeof KEEP_ANSWER | null>(null);
  return (
    <>
      {answer ? <p>{KEEP_ANSWER[answer]}</p> : null}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void requestPersistentStorage(true).then((granted) => setAnswer(`${granted}`))}
        >
          Ask the browser to keep Chloe’s data
        </Button>
        {children}
      </div>
    </>
  );
}

/**
 * In Sync details: changes the browser removed before they were sent, said plainly, with what
 * keeps it from happening again and a way to say it has been read.
 */
export function LostChangesNotice({ lost, onRead }: { lost: LostChanges; onRead: () => void }) {
  return (
    <div className={styles.box} role="alert">
      <p>
        <strong>{lostSentence(lost)}</strong> The browser removed this site’s stored data before they reached the
        server, so they cannot be sent. Anything you type from now on is kept and sent as usual.
      </p>
      <KeepDataAsk>
        <Button variant="secondary" size="sm" onClick={onRead}>
          I understand
        </Button>
      </KeepDataAsk>
    </div>
  );
}
