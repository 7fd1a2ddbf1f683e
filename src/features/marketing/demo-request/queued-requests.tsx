import { useState } from 'react';
import { css } from 'styled-system/css';
import type { QueuedDemoRequest } from './demo-request-store';
import { logError } from '../../../lib/log';
import { useOnline } from '../../../lib/online';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { demoRequestQueue } from './api/submit-demo-request';
import { useQueuedDemoRequests } from './demo-request-sender';
import type { DemoRequestRestore } from './use-demo-request-form';
import { FIELD_LABELS, fieldOfConstraint, fromDemoRequestRow } from './demo-request-schema';
import { problemPanel } from '../../../ui/alert';

const styles = {
  root: css({ display: 'grid', gap: '3', _empty: { display: 'none' } }),
  waiting: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    p: '3',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'border.strong',
    bg: 'bg.muted',
    fontSize: 'sm',
  }),
  count: css({ fontWeight: 'semibold' }),
  refused: problemPanel,
  title: css({ fontWeight: 'bold', fontSize: 'md' }),
  list: css({ display: 'grid', gap: '3' }),
  item: css({ display: 'grid', gap: '1.5', overflowWrap: 'anywhere' }),
  why: css({ color: 'danger.hover', fontWeight: 'medium' }),
  server: css({ color: 'fg.muted' }),
  buttons: css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '1' }),
};

/** A refused request as the form takes it back: its values, the reason by its field (or in words). */
export function restoreFrom(entry: QueuedDemoRequest): DemoRequestRestore {
  const found = fieldOfConstraint(entry.refusal?.constraint ?? null);
  return {
    values: fromDemoRequestRow(entry.row),
    problems: found ? { [found.field]: found.message } : {},
    message: found ? null : (entry.refusal?.message ?? null),
  };
}

export const waitingText = (n: number) => `${n} ${n === 1 ? 'request' : 'requests'} waiting to be sent`;

/** How many requests wait for the connection, and what is being done about them. */
function WaitingStatus({ count, online, retrying }: { count: number; online: boolean; retrying: boolean }) {
  return (
    <div className={styles.waiting} data-testid="demo-requests-waiting">
      <div>
        <p className={styles.count}>{waitingText(count)}</p>
        <p>
          {!online
            ? "You're offline. Saved on this device, it will be sent when you're back online."
            : retrying
              ? 'Saved on this device. The server could not be reached; trying again shortly.'
              : 'Saved on this device. Sending now…'}
        </p>
      </div>
      {online && retrying ? (
        <Button size="sm" variant="secondary" onClick={() => demoRequestQueue().sendNow()}>
          Send now
        </Button>
      ) : null}
    </div>
  );
}

type RefusedProps = {
  refused: QueuedDemoRequest[];
  onCorrect: (entry: QueuedDemoRequest) => void;
  onRemove: (entry: QueuedDemoRequest) => void;
};

/** The requests the server refused, each with its reason and the two ways out. */
function RefusedRequests({ refused, onCorrect, onRemove }: RefusedProps) {
  return (
    <section className={styles.refused} aria-labelledby="demo-requests-refused">
      <h2 id="demo-requests-refused" className={styles.title}>
        {refused.length === 1 ? 'A request was not accepted' : `${refused.length} requests were not accepted`}
      </h2>
      <ul className={styles.list}>
        {refused.map((entry) => {
          const found = fieldOfConstraint(entry.refusal?.constraint ?? null);
          return (
            <li key={entry.id} className={styles.item}>
              <p>
                Demo request from {entry.row.name} ({entry.row.company}), saved on this device.
              </p>
              {found ? (
                <p className={styles.why}>
                  {FIELD_LABELS[found.field]}: {found.message}
                </p>
              ) : null}
              <p className={styles.server}>The server said: {entry.refusal?.message}</p>
              <div className={styles.buttons}>
                <Button size="sm" onClick={() => onCorrect(entry)}>
                  Correct it in the form
                </Button>
                <Button size="sm" variant="secondary" onClick={() => onRemove(entry)}>
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The requests kept on this device: how many wait for the connection, and the ones the server
 * refused with its reason — each can go back into the form or be removed, never dropped unseen.
 */
export function QueuedDemoRequests({ onPutBack }: { onPutBack: (entry: QueuedDemoRequest) => void }) {
  const entries = useQueuedDemoRequests() ?? [];
  const online = useOnline();
  const [removing, setRemoving] = useState<QueuedDemoRequest | null>(null);
  const waiting = entries.filter((e) => !e.refusal);
  const refused = entries.filter((e) => e.refusal);
  const retrying = waiting.some((e) => e.lastError);

  const remove = (entry: QueuedDemoRequest) =>
    demoRequestQueue()
      .remove(entry.id)
      .catch((error: unknown) => logError('Removing a demo request from this device failed', error));

  return (
    <div className={styles.root}>
      <div role="status" aria-live="polite">
        {waiting.length ? <WaitingStatus count={waiting.length} online={online} retrying={retrying} /> : null}
      </div>
      {refused.length ? (
        <RefusedRequests
          refused={refused}
          onCorrect={(entry) => {
            onPutBack(entry);
            void remove(entry);
          }}
          onRemove={setRemoving}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this request?"
        description="It has not been sent. Removing it deletes it from this device."
        confirmLabel="Remove"
        cancelLabel="Keep it"
        destructive
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void remove(removing);
          setRemoving(null);
        }}
      />
    </div>
  );
}
