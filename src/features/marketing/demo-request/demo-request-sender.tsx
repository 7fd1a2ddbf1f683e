import { useEffect, useState } from 'react';
import type { QueuedDemoRequest } from './demo-request-store';
import { logError } from '../../../lib/log';
import { demoRequestQueue } from './api/submit-demo-request';

/**
 * Sends demo requests kept on this device: at once, when the connection returns and on a timer
 * while any wait. Mounted once at the app's root; mounting it again (the request pages do, so
 * they work on their own) starts nothing new.
 */
export function DemoRequestSender() {
  useEffect(() => demoRequestQueue().startSending(), []);
  return null;
}

/** The requests kept on this device, live (also what another tab adds or sends); null while read. */
export function useQueuedDemoRequests(): QueuedDemoRequest[] | null {
  const [entries, setEntries] = useState<QueuedDemoRequest[] | null>(null);
  useEffect(
    () =>
      demoRequestQueue().watch(setEntries, (error) =>
        logError('Reading the demo requests on this device failed', error),
      ),
    [],
  );
  return entries;
}
