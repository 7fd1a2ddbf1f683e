// Demo requests made offline (online-only data: "a demo request made offline is queued locally and
// sent when back online"). Requests wait in the device's store (demo-request-store.ts) and are
// sent oldest first, one tab at a time; the client id each carries makes a re-send harmless.
import { requestPersistentStorage } from '../../../lib/storage';
import { withTabLock } from '../../../lib/tab-lock';
import type { DatabaseClient } from '../../../sync/client';
import { sendDemoRequest, type DemoRequestRow } from './api/send-demo-request';
import { openDemoRequestStore, type DemoRequestStore, type QueuedDemoRequest } from './demo-request-store';

const DEMO_REQUEST_DB = 'chloe-demo-requests';
const LOCK = 'chloe-demo-requests-send';

let lastQueuedAt = 0;

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export interface FlushResult {
  sent: QueuedDemoRequest[];
  refused: QueuedDemoRequest[];
  /** Entries still waiting for the network after this attempt. */
  waiting: number;
}

interface SenderOptions {
  /** Between attempts while requests wait and the browser says it is online. */
  retryMs?: number;
}

interface DemoRequestQueueOptions {
  client: DatabaseClient;
  dbName?: string;
  /** Requests this queue delivered (not ones another tab delivered). */
  onSent?: (entries: QueuedDemoRequest[]) => void;
  /** Requests the server refused while this queue sent them. */
  onRefused?: (entries: QueuedDemoRequest[]) => void;
}

const DEFAULT_RETRY_MS = 15_000;

/** Sends every waiting request once, oldest first, under one lock for all tabs. */
function flushQueue(
  store: DemoRequestStore,
  client: DatabaseClient,
  { onSent, onRefused }: Pick<DemoRequestQueueOptions, 'onSent' | 'onRefused'>,
): Promise<FlushResult> {
  return withTabLock(LOCK, async () => {
    const result: FlushResult = { sent: [], refused: [], waiting: 0 };
    // Read inside the lock: what another tab sent meanwhile is gone from the table.
    const waiting = await store.waiting();
    for (const [i, entry] of waiting.entries()) {
      if (!isOnline()) {
        result.waiting = waiting.length - i;
        break;
      }
      const outcome = await sendDemoRequest(client, entry.row);
      if (outcome.kind === 'sent') {
        await store.remove(entry.id);
        result.sent.push(entry);
      } else if (outcome.kind === 'refused') {
        const refused = { ...entry, refusal: outcome.refusal, lastError: null };
        await store.update(entry.id, { refusal: outcome.refusal, lastError: null });
        result.refused.push(refused);
      } else {
        await store.update(entry.id, { lastError: outcome.message });
        // The server is out of reach: the rest would fail the same way.
        result.waiting = waiting.length - i;
        break;
      }
    }
    if (result.sent.length) onSent?.(result.sent);
    if (result.refused.length) onRefused?.(result.refused);
    return result;
  });
}

/** Flushes now, on every `online` event, and on a timer while requests wait; one flush at a time. */
function startSender(
  flush: () => Promise<FlushResult>,
  store: DemoRequestStore,
  { retryMs = DEFAULT_RETRY_MS }: SenderOptions,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  const attempt = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = flush()
      .then(
        (result) => result.waiting,
        () => 1,
      )
      .then(async (waiting) => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          return attempt();
        }
        // Entries another tab added, or ones left by an attempt that went offline: a timer
        // while any wait; the 'online' event covers the way back from offline.
        const left = waiting || (await store.waiting().catch(() => [])).length;
        if (left && !stopped) timer = setTimeout(attempt, retryMs);
      });
  };
  window.addEventListener('online', attempt);
  attempt();
  return {
    attempt,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', attempt);
    },
  };
}

export type DemoRequestQueue = ReturnType<typeof createDemoRequestQueue>;

export function createDemoRequestQueue({
  client,
  dbName = DEMO_REQUEST_DB,
  onSent,
  onRefused,
}: DemoRequestQueueOptions) {
  const store = openDemoRequestStore(dbName);
  const flush = () => flushQueue(store, client, { onSent, onRefused });

  // The sender: one per queue however many components start it (a module-level singleton for
  // the app's queue), stopped when the last of them stops.
  let starts = 0;
  let stopSending: (() => void) | null = null;
  let sender: ReturnType<typeof startSender> | null = null;

  return {
    /** Keeps a request on the device until it is sent (or the visitor removes it). */
    async add(row: DemoRequestRow) {
      void requestPersistentStorage();
      // Oldest first: two requests in the same millisecond keep the order they were made in.
      lastQueuedAt = Math.max(Date.now(), lastQueuedAt + 1);
      await store.put({ id: row.id, row, queuedAt: lastQueuedAt, lastError: null, refusal: null });
      sender?.attempt();
    },
    remove: store.remove,
    all: store.all,
    flush,
    watch: store.watch,
    /**
     * Sends at once, on every `online` event and on a timer while requests wait. Idempotent:
     * each call returns its own stop, and the sender stops with the last one.
     */
    startSending(options: SenderOptions = {}) {
      starts += 1;
      if (starts === 1) {
        sender = startSender(flush, store, options);
        stopSending = sender.stop;
      } else sender?.attempt();
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        starts -= 1;
        if (starts === 0) {
          stopSending?.();
          stopSending = null;
          sender = null;
        }
      };
    },
    /** Sends now if the sender runs (the status line's 'Send now'). */
    sendNow() {
      if (sender) sender.attempt();
      else void flush();
    },
    close: store.close,
  };
}
