import { describe, expect, it } from 'vitest';
import { deriveSyncStatus, IDLE_INPUTS, STALL_AFTER_MS, type SyncInputs } from './status';

const now = 1_000_000_000;
const running: SyncInputs = {
  ...IDLE_INPUTS,
  started: true,
  online: true,
  onlineSince: now - 10 * STALL_AFTER_MS,
  now,
};

describe('deriveSyncStatus', () => {
  it('without replication, changes are saved on this device', () => {
    expect(deriveSyncStatus({ ...IDLE_INPUTS, pending: 2 }).label).toBe('Saved on this device');
  });

  it('walks saved → syncing → all synced', () => {
    expect(deriveSyncStatus({ ...running, pending: 1, oldestPendingSince: now }).label).toBe('Saved on this device');
    expect(deriveSyncStatus({ ...running, active: true, pending: 1, oldestPendingSince: now }).label).toBe('Syncing…');
    const synced = deriveSyncStatus(running);
    expect(synced).toMatchObject({ kind: 'synced', label: 'All changes synced', pending: 0, canRetry: false });
  });

  it('never says all changes synced while a replaced value has not been seen', () => {
    expect(deriveSyncStatus({ ...running, conflicts: 3, toReview: 1 })).toMatchObject({
      kind: 'synced',
      label: 'Synced — 1 replaced value to review',
      toReview: 1,
    });
    expect(deriveSyncStatus({ ...running, conflicts: 3, toReview: 2 }).label).toBe(
      'Synced — 2 replaced values to review',
    );
    // Seen: the log keeps them, the header is plain again.
    expect(deriveSyncStatus({ ...running, conflicts: 3, toReview: 0 }).label).toBe('All changes synced');
  });

  it('never says synced while changes the browser removed have not been read about', () => {
    const lost = { count: 2, since: Date.UTC(2026, 10, 28, 15) };
    const sentence = '2 changes made on this device on 28 November 2026 could not be kept by the browser.';
    expect(deriveSyncStatus({ ...running, lost })).toMatchObject({
      kind: 'error',
      label: sentence,
      short: '2 changes not kept',
      error: null,
      canRetry: false,
    });
    expect(deriveSyncStatus({ ...running, active: true, lost }).label).toBe(sentence);
    expect(deriveSyncStatus({ ...running, pending: 1, oldestPendingSince: now, lost }).label).toBe(sentence);
    // A request failing meanwhile: still said, with its retry.
    expect(deriveSyncStatus({ ...running, lastError: 'boom', lost })).toMatchObject({
      label: sentence,
      error: 'boom',
      canRetry: true,
    });
    expect(deriveSyncStatus({ ...running, lost: { count: 1, since: lost.since } }).label).toBe(
      '1 change made on this device on 28 November 2026 could not be kept by the browser.',
    );
    // Read: the header is plain again.
    expect(deriveSyncStatus({ ...running, lost: null }).label).toBe('All changes synced');
  });

  it('a write this device could not make is said, offline too, and never synced', () => {
    const words =
      "This device's storage is full, so this could not be saved on it. Free some space on the device, then try again.";
    expect(deriveSyncStatus({ ...running, notSaved: words })).toMatchObject({
      kind: 'error',
      label: words,
      short: 'Not saved on this device',
    });
    expect(deriveSyncStatus({ ...running, online: false, notSaved: words }).label).toBe(words);
    expect(deriveSyncStatus({ ...running, notSaved: null }).label).toBe('All changes synced');
  });

  it('offline wins over everything else and counts what waits', () => {
    const s = deriveSyncStatus({
      ...running,
      online: false,
      pending: 3,
      oldestPendingSince: now - 10 * STALL_AFTER_MS,
      lastError: 'x',
    });
    expect(s).toMatchObject({ kind: 'offline', label: 'Offline — changes will sync when you reconnect', pending: 3 });
  });

  it('a failed request or a refused change is a sync problem with a retry action', () => {
    expect(deriveSyncStatus({ ...running, lastError: 'The server cannot be reached' })).toMatchObject({
      kind: 'error',
      label: 'Sync problem: The server cannot be reached',
      canRetry: true,
    });
    const refused = deriveSyncStatus({ ...running, pending: 1, oldestPendingSince: now, refusedError: 'bad row' });
    expect(refused.label).toBe('Sync problem: bad row');
  });

  it('changes waiting more than 2 minutes while online are stalled, exportable, with the last error', () => {
    const s = deriveSyncStatus({
      ...running,
      pending: 2,
      oldestPendingSince: now - STALL_AFTER_MS - 1,
      lastError: 'boom',
    });
    expect(s).toMatchObject({ kind: 'stalled', label: 'Sync stalled', error: 'boom', canRetry: true, canExport: true });
    // Waiting time only counts while online.
    const justBack = deriveSyncStatus({
      ...running,
      onlineSince: now - 1000,
      pending: 2,
      oldestPendingSince: now - 10 * STALL_AFTER_MS,
    });
    expect(justBack.kind).not.toBe('stalled');
  });

  it('says what the live channel is doing, and that losing it costs only latency', () => {
    const since = new Date(2026, 10, 24, 10, 2).getTime();
    const live = (state: SyncInputs['live']) => deriveSyncStatus({ ...running, live: state, liveSince: since }).live;
    expect(live('none')).toBeNull();
    expect(live('connecting')).toBe('Connecting…');
    expect(live('on')).toBe('On: changes made on your other devices appear here within seconds');
    expect(live('off')).toBe('Off since 10:02: changes made elsewhere still arrive within 30 seconds');
    expect(live('other-tab')).toBe('Through another open tab of Chloe');
    // The headline does not change with it: the channel is a speed-up, not a condition of sync.
    expect(deriveSyncStatus({ ...running, live: 'off' }).label).toBe('All changes synced');
  });
});
