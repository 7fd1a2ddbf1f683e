import { useEffect, useState } from 'react';
import { Popover, Portal } from '@ark-ui/react';
import { css, cx } from 'styled-system/css';
import type { StorageInfo } from '../../lib/storage';
import type { SyncKind } from '../../sync/status';
import { fieldLabel } from '../../data/field-labels';
import type { SyncStatusView } from '../../data/use-sync-status';
import { downloadText, fileTimestamp } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { formatBytes, formatClock } from '../../lib/format';
import { Button } from '../../ui/button';
import { InfoIcon } from '../../ui/icons';
import { closeButton } from '../../ui/overlay';
import { KeepDataAsk, LostChangesNotice } from './lost-changes';
import { replacedSentence, type ReplacedValue } from '../../ui/replaced-notice';
import { problemPanel } from '../../ui/alert';

export const exportFileName = (date = new Date()) => `chloe-unsynced-changes-${fileTimestamp(date)}.json`;

const styles = {
  trigger: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    h: '8',
    px: '2',
    borderRadius: 'md',
    fontSize: 'sm',
    color: 'primary.text',
    cursor: 'pointer',
    textDecoration: 'underline',
    textUnderlineOffset: '2px',
    _hover: { bg: 'primary.subtle' },
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  }),
  content: css({
    zIndex: 'popover',
    w: 'min(22rem, calc(100vw - 2rem))',
    p: '4',
    bg: 'bg.surface',
    color: 'fg',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
    boxShadow: 'lg',
    display: 'grid',
    gap: '3',
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing' },
  }),
  title: css({ fontWeight: 'semibold', fontSize: 'md' }),
  list: css({
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: '3',
    rowGap: '1.5',
    fontSize: 'sm',
    '& dt': { color: 'fg.muted' },
    '& dd': { fontWeight: 'medium', overflowWrap: 'anywhere' },
  }),
  note: css({ fontSize: 'sm', color: 'fg.muted' }),
  keep: css({ display: 'grid', gap: '2', fontSize: 'sm', color: 'fg.muted' }),
  problem: problemPanel,
  problemText: css({ color: 'danger.hover', overflowWrap: 'anywhere' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
  review: css({ display: 'grid', gap: '2', fontSize: 'sm', overflowWrap: 'anywhere' }),
  reviewList: css({ display: 'grid', gap: '1.5', pl: '4', listStyleType: 'disc' }),
  close: cx(closeButton, css({ color: 'fg.muted', _hover: { bg: 'bg.muted' } })),
};

type SyncDetailsProps = {
  /** The state as shown in the headline (a quick 'syncing' is held back there, and here too). */
  shown: { kind: SyncKind; label: string };
  status: SyncStatusView;
};

/** 'Sync details': storage, what waits, conflicts kept, the last problem, retry and export. */
export function SyncDetails({ shown, status }: SyncDetailsProps) {
  const { conflicts, storage, error, canExport } = status;
  return (
    <Popover.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end', gutter: 8 }}>
      <Popover.Trigger className={styles.trigger}>
        <InfoIcon />
        Sync details
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          {/* Named here: Ark looks for the title only when the popover is created, before lazyMount renders it. */}
          <Popover.Content className={styles.content} aria-label="Sync details">
            <Popover.Title className={styles.title}>Sync details</Popover.Title>
            <Popover.CloseTrigger className={styles.close} aria-label="Close sync details">
              <span aria-hidden="true">×</span>
            </Popover.CloseTrigger>
            <SyncFigures shown={shown} status={status} />
            {status.toReview > 0 ? <ToReview status={status} /> : null}
            {conflicts > 0 ? (
              <p className={styles.note}>
                When this device and another changed the same field, the first to reach the server won; the value that
                lost is kept in the conflict log, not thrown away.
              </p>
            ) : null}
            {storage?.persisted === false ? (
              <div className={styles.keep}>
                <p>
                  The browser may clear data stored here when space runs low, or after a week unused (Safari). Changes
                  that have synced are safe on the server; changes waiting here are not.
                </p>
                <KeepDataAsk />
              </div>
            ) : null}
            {status.lost ? <LostChangesNotice lost={status.lost} onRead={status.readLost} /> : null}
            {shown.kind === 'stalled' || error ? <SyncProblem shown={shown} status={status} /> : null}
            {canExport ? <ExportButton onExport={status.exportUnsynced} /> : null}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/** The figures: the state, what waits, what was kept, and the device's storage. */
function SyncFigures({ shown, status }: SyncDetailsProps) {
  const { pending, conflicts, storage } = status;
  return (
    <dl className={styles.list}>
      <dt>Status</dt>
      <dd>{shown.label}</dd>
      <dt>Changes waiting</dt>
      <dd>{pending}</dd>
      <dt>Conflicts kept</dt>
      <dd>{conflicts}</dd>
      {status.toReview > 0 ? (
        <>
          <dt>To review</dt>
          <dd>{status.toReview}</dd>
        </>
      ) : null}
      {status.live ? (
        <>
          <dt>Live updates</dt>
          <dd>{status.live}</dd>
        </>
      ) : null}
      <dt>Persistent storage</dt>
      <dd>{persistedText(storage)}</dd>
      <dt>Stored on this device</dt>
      <dd>{usageText(storage)}</dd>
    </dl>
  );
}

/** The sync has stalled or failed: what the last error was, and a retry when one may help. */
function SyncProblem({ shown, status }: SyncDetailsProps) {
  const { error, canRetry } = status;
  return (
    <div className={styles.problem}>
      {shown.kind === 'stalled' ? (
        <p>
          <strong>Sync stalled.</strong> Some changes have been waiting a long time to reach the server. Try again, or
          export them to keep a copy.
        </p>
      ) : null}
      {error ? (
        <p className={styles.problemText}>
          <strong>Last error:</strong> {error}
        </p>
      ) : null}
      {canRetry ? (
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" onClick={status.retry}>
            Try again now
          </Button>
        </div>
      ) : null}
    </div>
  );
}

// What one row of a synced table is, in words (a table not named here: 'an item').
const ROW_WORDS: Record<string, string> = {
  saved_properties: 'a saved property',
  share_subscriptions: 'a share subscription',
  agent_assessments: 'an assessment',
  email_logs: 'an email log',
};

/** A kept value as a sentence. `_deleted`: this device's removal, which did not apply (sync/merge.ts). */
function keptSentence(kept: ReplacedValue & { table: string }) {
  if (kept.field !== '_deleted') return replacedSentence(fieldLabel(kept.table, kept.field), kept);
  const what = `Your removal of ${ROW_WORDS[kept.table] ?? 'an item'} on this device did not apply`;
  if (kept.replacedBy === 'final') return `${what}: it was made final elsewhere (${formatClock(kept.at)}).`;
  return `${what}: it was changed elsewhere since (${formatClock(kept.at)}). Remove it again if you still want to.`;
}

/** The replaced values not seen yet, each in a sentence, and a way to say they were seen. */
function ToReview({ status }: { status: SyncStatusView }) {
  const [kept, setKept] = useState<(ReplacedValue & { id: string; table: string })[]>([]);
  const { watchToReview, markSeen } = status;
  useEffect(() => watchToReview(setKept), [watchToReview]);
  if (kept.length === 0) return null;
  return (
    <div className={styles.review}>
      <p className={styles.title}>Replaced values to review</p>
      <ul className={styles.reviewList}>
        {kept.map((k) => (
          <li key={k.id}>{keptSentence(k)}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button variant="secondary" size="sm" onClick={() => void markSeen(kept.map((k) => k.id))}>
          Mark as seen
        </Button>
      </div>
    </div>
  );
}

function ExportButton({ onExport }: { onExport: () => Promise<string> }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function handleExport() {
    setBusy(true);
    setFailure(null);
    try {
      downloadText(exportFileName(), await onExport());
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.actions}>
      <Button variant="primary" size="sm" busy={busy} onClick={() => void handleExport()}>
        <span aria-hidden="true">⇩</span> Export unsynced changes
      </Button>
      {failure ? (
        <p role="alert" className={styles.problemText}>
          Export failed: {failure}
        </p>
      ) : null}
    </div>
  );
}

function persistedText(storage: StorageInfo | null) {
  if (storage?.persisted === true) return 'Granted';
  if (storage?.persisted === false) return 'Not granted';
  return 'Unknown';
}

function usageText(storage: StorageInfo | null) {
  if (storage?.usage === null || storage?.usage === undefined) return 'Unknown';
  const used = formatBytes(storage.usage);
  return storage.quota ? `${used} of ${formatBytes(storage.quota)} available` : used;
}
