// What people see of sync: one state, derived from plain inputs so it is unit-tested as a state
// machine; the engine feeds the inputs, `useSyncStatus()` reads them.
import { lostSentence, type LostChanges } from '../lib/changes-lost';
import { formatClock as clock, plural } from '../lib/format';
import type { LiveState } from './live';

export const STALL_AFTER_MS = 2 * 60 * 1000;

export type SyncKind = 'local' | 'syncing' | 'synced' | 'offline' | 'error' | 'stalled';

export interface SyncInputs {
  /** Replication running (a session, or an assessment token). */
  started: boolean;
  online: boolean;
  /** Since when the browser has been online (ms), for "stalled". */
  onlineSince: number;
  active: boolean;
  pending: number;
  /** Oldest unsynced change (ms), or null. */
  oldestPendingSince: number | null;
  /** The last failed request, cleared by the next successful one. */
  lastError: string | null;
  /** A change the server refused (it stays on the device). */
  refusedError: string | null;
  conflicts: number;
  /** Kept values the user has not seen yet (replaced where nobody was looking). */
  toReview: number;
  now: number;
  /** The live channel's state (live.ts), and since when (ms). */
  live: LiveState;
  liveSince: number;
  /** Changes this device knew were waiting in a database the browser removed (lib/changes-lost). */
  lost?: LostChanges | null;
  /** Why the last write to this device failed (a full device), in words, until one succeeds. */
  notSaved?: string | null;
}

export interface SyncStatus {
  kind: SyncKind;
  label: string;
  /** The words where the label would take two lines (a phone), when shorter ones exist. */
  short?: string;
  pending: number;
  error: string | null;
  conflicts: number;
  toReview: number;
  canRetry: boolean;
  canExport: boolean;
  /** 'Live updates' in Sync details; null when this sync has no live channel. */
  live: string | null;
  liveState: LiveState;
}

export const LABELS = {
  local: 'Saved on this device',
  syncing: 'Syncing…',
  synced: 'All changes synced',
  offline: 'Offline — changes will sync when you reconnect',
  stalled: 'Sync stalled',
} as const;

/** The header while everything is synced but a replaced value has not been seen: never 'All changes synced'. */
export const toReviewLabel = (n: number) => `Synced — ${plural(n, 'replaced value')} to review`;

/** What Sync details says of the live channel. Losing it costs latency only, and says so. */
export function liveLabel(i: Pick<SyncInputs, 'live' | 'liveSince'>): string | null {
  switch (i.live) {
    case 'none':
      return null;
    case 'connecting':
      return 'Connecting…';
    case 'on':
      return 'On: changes made on your other devices appear here within seconds';
    case 'other-tab':
      return 'Through another open tab of Chloe';
    case 'off':
      return `Off since ${clock(i.liveSince)}: changes made elsewhere still arrive within 30 seconds`;
  }
}

export function deriveSyncStatus(i: SyncInputs): SyncStatus {
  const base = {
    pending: i.pending,
    conflicts: i.conflicts,
    toReview: i.toReview,
    canExport: i.pending > 0,
    live: liveLabel(i),
    liveState: i.live,
  };
  const error = i.refusedError ?? i.lastError;
  if (!i.started) return { ...base, kind: 'local', label: LABELS.local, error: null, canRetry: false };
  // A local problem, whatever the network: what was typed is on screen only.
  if (i.notSaved) {
    return {
      ...base,
      kind: 'error',
      label: i.notSaved,
      short: 'Not saved on this device',
      error: null,
      canRetry: false,
    };
  }
  if (!i.online)
    return { ...base, kind: 'offline', label: LABELS.offline, short: 'Offline', error: null, canRetry: false };
  const waitingSince = i.oldestPendingSince === null ? null : Math.max(i.oldestPendingSince, i.onlineSince);
  if (i.pending > 0 && waitingSince !== null && i.now - waitingSince > STALL_AFTER_MS) {
    return { ...base, kind: 'stalled', label: LABELS.stalled, error, canRetry: true, canExport: true };
  }
  if (i.lost) {
    const sentence = lostSentence(i.lost);
    const short = `${plural(i.lost.count, 'change')} not kept`;
    return { ...base, kind: 'error', label: sentence, short, error, canRetry: Boolean(error) };
  }
  if (error) return { ...base, kind: 'error', label: `Sync problem: ${error}`, error, canRetry: true };
  if (i.active) return { ...base, kind: 'syncing', label: LABELS.syncing, error: null, canRetry: false };
  if (i.pending > 0) return { ...base, kind: 'local', label: LABELS.local, error: null, canRetry: false };
  const label = i.toReview > 0 ? toReviewLabel(i.toReview) : LABELS.synced;
  return { ...base, kind: 'synced', label, error: null, canRetry: false };
}

export const IDLE_INPUTS: SyncInputs = {
  started: false,
  online: true,
  onlineSince: 0,
  active: false,
  pending: 0,
  oldestPendingSince: null,
  lastError: null,
  refusedError: null,
  conflicts: 0,
  toReview: 0,
  now: 0,
  live: 'none',
  liveSince: 0,
};
