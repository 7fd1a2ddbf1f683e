import { useEffect, useState, type ReactNode } from 'react';
import { Popover, Portal } from '@ark-ui/react';
import { css, cva, cx } from 'styled-system/css';
import { downloadText, fileTimestamp } from '../lib/download';
import { formatBytes, plural } from '../lib/format';
import { Button } from './button';

// The sync state as people see it. This component only draws what it is given: the hook that
// derives the state (useSyncStatus) lives in data/, and a feature connects the two.

export type SyncStatusKind = 'local' | 'syncing' | 'synced' | 'offline' | 'error' | 'stalled';

export interface SyncStorageInfo {
  /** Whether the browser granted persistent storage; null when it cannot say. */
  persisted: boolean | null;
  usage: number | null;
  quota: number | null;
}

export interface SyncStatusProps {
  kind: SyncStatusKind;
  label: string;
  /** Changes made on this device that have not reached the server yet. */
  pending: number;
  error: string | null;
  /** Local values that lost a conflict and are kept in the conflict log. */
  conflicts: number;
  canRetry: boolean;
  canExport: boolean;
  storage: SyncStorageInfo | null;
  onRetry: () => void;
  /** The unsynced changes as a JSON string, saved as a file. */
  onExport: () => Promise<string>;
  className?: string;
}

/** A background pull shows as 'Syncing…' only when it takes longer than this: no flicker, no chatter. */
export const SYNCING_SHOWN_AFTER_MS = 400;

export const exportFileName = (date = new Date()) => `chloe-unsynced-changes-${fileTimestamp(date)}.json`;

const pill = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    minH: '8',
    px: '3',
    py: '1',
    borderRadius: 'full',
    borderWidth: '1px',
    fontSize: 'sm',
    fontWeight: 'medium',
    lineHeight: 'tight',
    minW: '0',
  },
  variants: {
    kind: {
      local: { bg: 'bg.surface', borderColor: 'border.strong', color: 'fg' },
      syncing: { bg: 'primary.subtle', borderColor: 'brand.200', color: 'primary.text' },
      synced: { bg: 'success.subtle', borderColor: 'success.border', color: 'green.700' },
      offline: { bg: 'bg.muted', borderColor: 'border.strong', color: 'fg' },
      error: { bg: 'danger.subtle', borderColor: 'danger.border', color: 'danger.hover' },
      stalled: { bg: 'yellow.50', borderColor: 'yellow.600', color: 'fg' },
    },
  },
});

const styles = {
  root: css({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '2', minW: '0' }),
  icon: css({ w: '4', h: '4', flexShrink: '0' }),
  spinning: css({ animation: 'spin', animationDuration: '1.2s' }),
  stalledIcon: css({ color: 'yellow.600' }),
  label: css({ minW: '0' }),
  waiting: css({
    px: '1.5',
    borderRadius: 'sm',
    bg: 'bg.surface/70',
    fontSize: 'xs',
    fontWeight: 'semibold',
    whiteSpace: 'nowrap',
  }),
  detailsTrigger: css({
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
  problem: css({
    display: 'grid',
    gap: '2',
    p: '3',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'danger.border',
    bg: 'danger.subtle',
    fontSize: 'sm',
  }),
  problemText: css({ color: 'danger.hover', overflowWrap: 'anywhere' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
  close: css({
    position: 'absolute',
    top: '2',
    right: '2',
    w: '7',
    h: '7',
    display: 'grid',
    placeItems: 'center',
    borderRadius: 'md',
    cursor: 'pointer',
    color: 'fg.muted',
    _hover: { bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing' },
  }),
};

/**
 * The sync state in a few words with an icon (never colour alone), the number of changes waiting,
 * a retry action when it helps, and the details (storage, conflicts, export) in a popover.
 * The words sit in a polite live region, so a change of state is announced.
 */
export function SyncStatus(props: SyncStatusProps) {
  const { pending, error, conflicts, canRetry, canExport, storage, onRetry, onExport, className } = props;
  const { kind, label } = useShownHeadline(props.kind, props.label);

  return (
    <div className={cx(styles.root, className)} data-sync-kind={kind}>
      <p role="status" className={pill({ kind })}>
        <KindIcon kind={kind} />
        <span className={styles.label}>{label}</span>
        {pending > 0 ? <span className={styles.waiting}>{plural(pending, 'change')} waiting</span> : null}
      </p>
      {canRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <span aria-hidden="true">↻</span> Retry
        </Button>
      ) : null}
      <Popover.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end', gutter: 8 }}>
        <Popover.Trigger className={styles.detailsTrigger}>
          <InfoIcon />
          Sync details
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content className={styles.content}>
              <Popover.Title className={styles.title}>Sync details</Popover.Title>
              <Popover.CloseTrigger className={styles.close} aria-label="Close sync details">
                <span aria-hidden="true">×</span>
              </Popover.CloseTrigger>
              <dl className={styles.list}>
                <dt>Status</dt>
                <dd>{label}</dd>
                <dt>Changes waiting</dt>
                <dd>{pending}</dd>
                <dt>Conflicts kept</dt>
                <dd>{conflicts}</dd>
                <dt>Persistent storage</dt>
                <dd>{persistedText(storage)}</dd>
                <dt>Stored on this device</dt>
                <dd>{usageText(storage)}</dd>
              </dl>
              {conflicts > 0 ? (
                <p className={styles.note}>
                  When this device and another changed the same field, the first to reach the server won; the value that
                  lost is kept in the conflict log, not thrown away.
                </p>
              ) : null}
              {storage?.persisted === false ? (
                <p className={styles.note}>
                  The browser may clear data stored here when space runs low. Changes that have synced are safe on the
                  server.
                </p>
              ) : null}
              {kind === 'stalled' || error ? (
                <div className={styles.problem}>
                  {kind === 'stalled' ? (
                    <p>
                      <strong>Sync stalled.</strong> Some changes have been waiting a long time to reach the server. Try
                      again, or export them to keep a copy.
                    </p>
                  ) : null}
                  {error ? (
                    <p className={styles.problemText}>
                      <strong>Last error:</strong> {error}
                    </p>
                  ) : null}
                  {canRetry ? (
                    <div className={styles.actions}>
                      <Button variant="secondary" size="sm" onClick={onRetry}>
                        Try again now
                      </Button>
                    </div>
                  ) : null}
                </div>
              ) : null}
              {canExport ? <ExportButton onExport={onExport} /> : null}
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
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
      setFailure(error instanceof Error ? error.message : String(error));
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

/**
 * The kind and label to show: the props, except that a move into 'syncing' waits
 * SYNCING_SHOWN_AFTER_MS, so the quick pull on focus or on the 30 s timer changes nothing on
 * screen and announces nothing. Every other change shows at once.
 */
function useShownHeadline(kind: SyncStatusKind, label: string) {
  const [shown, setShown] = useState({ kind, label });
  const held = kind === 'syncing' && shown.kind !== 'syncing';
  useEffect(() => {
    if (!held) {
      setShown((prev) => (prev.kind === kind && prev.label === label ? prev : { kind, label }));
      return;
    }
    const timer = setTimeout(() => setShown({ kind, label }), SYNCING_SHOWN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [kind, label, held]);
  return held ? shown : { kind, label };
}

function persistedText(storage: SyncStorageInfo | null) {
  if (storage?.persisted === true) return 'Granted';
  if (storage?.persisted === false) return 'Not granted';
  return 'Unknown';
}

function usageText(storage: SyncStorageInfo | null) {
  if (storage?.usage === null || storage?.usage === undefined) return 'Unknown';
  const used = formatBytes(storage.usage);
  return storage.quota ? `${used} of ${formatBytes(storage.quota)} available` : used;
}

function Svg({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={cx(styles.icon, className)}
    >
      {children}
    </svg>
  );
}

function KindIcon({ kind }: { kind: SyncStatusKind }) {
  switch (kind) {
    case 'synced':
      return (
        <Svg>
          <circle cx="12" cy="12" r="9" />
          <path d="m8 12.5 3 3 5-6" />
        </Svg>
      );
    case 'syncing':
      return (
        <Svg className={styles.spinning}>
          <path d="M20 12a8 8 0 0 1-14 5.3" />
          <path d="M4 12a8 8 0 0 1 14-5.3" />
          <path d="M18 3v4h-4" />
          <path d="M6 21v-4h4" />
        </Svg>
      );
    case 'offline':
      return (
        <Svg>
          <path d="M2 8.8a15 15 0 0 1 4.2-2.6" />
          <path d="M10.7 5.1A15 15 0 0 1 22 8.8" />
          <path d="M5 12.5a10 10 0 0 1 5.2-2.7" />
          <path d="M8.5 16a5 5 0 0 1 7 0" />
          <path d="M12 20h.01" />
          <path d="m3 3 18 18" />
        </Svg>
      );
    case 'error':
      return (
        <Svg>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7.5v5" />
          <path d="M12 16.5h.01" />
        </Svg>
      );
    case 'stalled':
      return (
        <Svg className={styles.stalledIcon}>
          <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
          <path d="M12 9v4" />
          <path d="M12 17h.01" />
        </Svg>
      );
    case 'local':
      return (
        <Svg>
          <rect x="6" y="2.5" width="12" height="19" rx="2" />
          <path d="M11 18h2" />
        </Svg>
      );
  }
}

function InfoIcon() {
  return (
    <Svg>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 16v-4.5" />
      <path d="M12 8h.01" />
    </Svg>
  );
}
