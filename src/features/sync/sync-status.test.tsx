// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SyncKind } from '../../sync/status';
import type { SyncStatusView } from '../../data/use-sync-status';
import type { KeptValue } from '../../sync/conflict-log';
import { formatClock } from '../../lib/format';
import { exportFileName } from './sync-details';
import { SyncStatus, SYNCING_SHOWN_AFTER_MS } from './sync-status';

// The words people read, as docs/product/messages.md#sync and sync/status.ts's LABELS say them.
const LABEL: Record<SyncKind, string> = {
  local: 'Saved on this device',
  syncing: 'Syncing…',
  synced: 'All changes synced',
  offline: 'Offline — changes will sync when you reconnect',
  error: 'Sync problem: permission denied for table saved_properties',
  stalled: 'Sync stalled',
};

function status(overrides: Partial<SyncStatusView> = {}): SyncStatusView {
  const kind = overrides.kind ?? 'synced';
  return {
    kind,
    label: LABEL[kind],
    ...(kind === 'offline' ? { short: 'Offline' } : {}),
    pending: 0,
    error: null,
    conflicts: 0,
    toReview: 0,
    canRetry: false,
    canExport: false,
    live: null,
    liveState: 'none',
    storage: { persisted: true, usage: 1_500_000, quota: 2_000_000_000 },
    retry: vi.fn(),
    exportUnsynced: vi.fn(() => Promise.resolve('{"changes":[]}')),
    watchToReview: () => () => undefined,
    markSeen: vi.fn(() => Promise.resolve()),
    lost: null,
    readLost: vi.fn(),
    ...overrides,
  };
}

// jsdom has no ResizeObserver; the popover's positioning (floating-ui) watches sizes with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('SyncStatus', () => {
  it.each<[SyncKind, Partial<SyncStatusView>]>([
    ['local', { pending: 2 }],
    ['syncing', { pending: 1 }],
    ['synced', {}],
    ['offline', { pending: 3 }],
    ['error', { error: 'permission denied for table saved_properties', canRetry: true, pending: 1 }],
    ['stalled', { error: 'timeout', canRetry: true, canExport: true, pending: 4 }],
  ])('shows the %s label in a live region, with an icon and not colour alone', (kind, extra) => {
    const { container } = render(<SyncStatus status={status({ kind, ...extra })} />);
    const region = screen.getByRole('status');
    expect(region.textContent).toContain(LABEL[kind]);
    expect(region.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(container.querySelector(`[data-sync-kind="${kind}"]`)).not.toBeNull();
  });

  it('offline: a phone shows one word, a screen reader still hears the sentence', () => {
    render(<SyncStatus status={status({ kind: 'offline', pending: 2 })} />);
    const region = screen.getByRole('status');
    expect(region.querySelector('[aria-hidden="true"]:not(svg)')?.textContent).toBe('Offline');
    expect(screen.getByText(LABEL.offline).getAttribute('aria-hidden')).toBeNull();
  });

  it('says how many changes are waiting, in the live region', () => {
    const { rerender } = render(<SyncStatus status={status({ kind: 'local', pending: 1 })} />);
    expect(screen.getByRole('status').textContent).toBe('Saved on this device1 change waiting');
    rerender(<SyncStatus status={status({ kind: 'offline', pending: 3 })} />);
    expect(screen.getByRole('status').textContent).toContain('3 changes waiting');
    rerender(<SyncStatus status={status({ kind: 'synced', pending: 0 })} />);
    expect(screen.getByRole('status').textContent).not.toContain('waiting');
  });

  it('offers Retry only when it can help, and Retry calls onRetry', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(<SyncStatus status={status({ kind: 'synced', retry: onRetry })} />);
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();

    rerender(<SyncStatus status={status({ kind: 'error', error: 'boom', canRetry: true, retry: onRetry })} />);
    await userEvent.setup().click(screen.getByRole('button', { name: /Retry/ }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows storage, waiting changes and conflicts in the details', async () => {
    render(
      <SyncStatus
        status={status({
          kind: 'synced',
          conflicts: 2,
          live: 'Off since 10:02: changes made elsewhere still arrive within 30 seconds',
        })}
      />,
    );
    expect(screen.queryByText('Persistent storage')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sync details' }));

    const details = await screen.findByRole('dialog', { name: 'Sync details' });
    const rows = [...details.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
    );
    expect(rows).toEqual([
      'Status: All changes synced',
      'Changes waiting: 0',
      'Conflicts kept: 2',
      'Live updates: Off since 10:02: changes made elsewhere still arrive within 30 seconds',
      'Persistent storage: Granted',
      'Stored on this device: 1.5 MB of 2 GB available',
    ]);
    expect(details.textContent).toContain('kept in the conflict log');
    expect(screen.queryByRole('button', { name: 'Export unsynced changes' })).toBeNull();
  });

  it('lists the values to review in words: a removal that did not apply says so, and how to redo it', async () => {
    const at = Date.UTC(2026, 10, 22, 10, 30);
    const kept = (field: string, local: unknown, server: unknown, extra: Partial<KeptValue> = {}): KeptValue => ({
      id: `${field}-${extra.table ?? 'saved_properties'}`,
      table: 'saved_properties',
      docId: 'p1',
      field,
      local,
      server,
      at,
      replacedBy: 'other-device',
      ...extra,
    });
    const entries = [
      kept('_deleted', true, false),
      kept('_deleted', true, false, { table: 'share_subscriptions', replacedBy: 'final' }),
      kept('subscriber_phone', '0222', '0111', { table: 'share_subscriptions' }),
    ];
    const markSeen = vi.fn(() => Promise.resolve());
    const watchToReview = (listener: (k: KeptValue[]) => void) => (listener(entries), () => undefined);
    render(<SyncStatus status={status({ conflicts: 3, toReview: 3, watchToReview, markSeen })} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sync details' }));
    const details = await screen.findByRole('dialog', { name: 'Sync details' });
    const items = [...details.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      `Your removal of a saved property on this device did not apply: it was changed elsewhere since (${formatClock(at)}). Remove it again if you still want to.`,
      `Your removal of a share subscription on this device did not apply: it was made final elsewhere (${formatClock(at)}).`,
      `Phone (optional): “0111”, saved on another device, replaced yours, “0222” (${formatClock(at)}).`,
    ]);
    await user.click(screen.getByRole('button', { name: 'Mark as seen' }));
    expect(markSeen).toHaveBeenCalledWith(entries.map((e) => e.id));
  });

  it('says when storage is not persistent or unknown', async () => {
    const { unmount } = render(
      <SyncStatus status={status({ storage: { persisted: false, usage: 0, quota: null } })} />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sync details' }));
    const details = await screen.findByRole('dialog');
    expect(details.textContent).toContain('Persistent storageNot granted');
    expect(details.textContent).toContain('Stored on this device0 B');
    expect(details.textContent).toContain('The browser may clear data stored here');
    // It can be asked from here, before anything is lost, and says how else to keep the data.
    const persist = vi.fn(() => Promise.resolve(false));
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { persisted: () => Promise.resolve(false), persist },
    });
    try {
      await userEvent.setup().click(screen.getByRole('button', { name: 'Ask the browser to keep Chloe’s data' }));
      expect(await screen.findByText(/The browser did not agree\. Installing Chloe as an app/)).toBeTruthy();
      expect(persist).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(navigator, 'storage');
    }
    unmount();

    render(<SyncStatus status={status({ storage: null })} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sync details' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Persistent storageUnknown');
  });

  it('when stalled: the last error, a retry and an export that downloads the JSON as a file', async () => {
    const json = JSON.stringify({ exportedAt: '2026-11-22T10:00:00.000Z', changes: [{ id: 'p1' }] });
    const onExport = vi.fn(async () => json);
    const onRetry = vi.fn();
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:chloe/export-1';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    render(
      <SyncStatus
        status={status({
          kind: 'stalled',
          error: 'fetch failed',
          canRetry: true,
          canExport: true,
          pending: 2,
          exportUnsynced: onExport,
          retry: onRetry,
        })}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sync details' }));
    const details = await screen.findByRole('dialog');
    expect(details.textContent).toContain('Sync stalled.');
    expect(details.textContent).toContain('Last error: fetch failed');

    await user.click(screen.getByRole('button', { name: 'Try again now' }));
    expect(onRetry).toHaveBeenCalledOnce();

    await user.click(screen.getByRole('button', { name: /Export unsynced changes/ }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(onExport).toHaveBeenCalledOnce();
    const link = clicked[0]!;
    expect(link.href).toBe('blob:chloe/export-1');
    expect(link.download).toMatch(/^chloe-unsynced-changes-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.json$/);
    expect(link.isConnected).toBe(false);
    expect(blobs[0]!.type).toBe('application/json');
    expect(await blobs[0]!.text()).toBe(json);
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:chloe/export-1'));
  });

  it('says so when the export fails', async () => {
    const onExport = vi.fn(async () => {
      throw new Error('database closed');
    });
    render(<SyncStatus status={status({ kind: 'offline', pending: 1, canExport: true, exportUnsynced: onExport })} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sync details' }));
    await user.click(await screen.findByRole('button', { name: /Export unsynced changes/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Export failed: database closed');
  });

  it('names the export file after the moment it was made', () => {
    expect(exportFileName(new Date('2026-11-22T10:30:05.123Z'))).toBe(
      'chloe-unsynced-changes-2026-11-22T10-30-05.json',
    );
  });

  it("shows a quick background sync as nothing, and a slow one as 'Syncing…'", () => {
    vi.useFakeTimers();
    const { rerender } = render(<SyncStatus status={status({ kind: 'synced' })} />);
    // What is read out: the words without what is hidden from assistive technology.
    const region = () => {
      const copy = screen.getByRole('status').cloneNode(true) as HTMLElement;
      copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return copy.textContent;
    };

    // A pull that finishes quickly: the words never change, so nothing is announced.
    rerender(<SyncStatus status={status({ kind: 'syncing' })} />);
    expect(region()).toBe('All changes synced');
    act(() => void vi.advanceTimersByTime(SYNCING_SHOWN_AFTER_MS - 100));
    rerender(<SyncStatus status={status({ kind: 'synced' })} />);
    act(() => void vi.advanceTimersByTime(1000));
    expect(region()).toBe('All changes synced');

    // A quick push of a change: its count waits with the words, never beside 'All changes synced'.
    rerender(<SyncStatus status={status({ kind: 'syncing', pending: 1 })} />);
    expect(region()).toBe('All changes synced');
    rerender(<SyncStatus status={status({ kind: 'synced' })} />);
    act(() => void vi.advanceTimersByTime(1000));

    // A slow one shows.
    rerender(<SyncStatus status={status({ kind: 'syncing' })} />);
    act(() => void vi.advanceTimersByTime(SYNCING_SHOWN_AFTER_MS));
    expect(region()).toBe('Syncing…');
    rerender(<SyncStatus status={status({ kind: 'syncing', pending: 1 })} />);
    expect(region()).toBe('Syncing…1 change waiting');

    // Anything else shows at once.
    rerender(<SyncStatus status={status({ kind: 'offline' })} />);
    expect(region()).toBe(LABEL.offline);
  });
});
