import { useEffect } from 'react';
import type { UserData } from '../../data/user-data';
import { logError } from '../../lib/log';

/** While a change waits and the server may be reachable: how often it is tried again. */
const RETRY_MS = 30_000;

/**
 * Sends auto-reply settings kept on this device (saved offline) when the connection returns,
 * whatever page is open: at start, on `online`, and now and then while signed in. Draws nothing.
 */
export function AutoReplySettingsSender({ data }: { data: UserData | null }) {
  useEffect(() => {
    if (!data) return;
    const send = () => {
      import('./settings-outbox')
        .then(({ sendWaitingSettings }) => sendWaitingSettings(data.db))
        .catch((error: unknown) => logError('Sending saved auto-reply settings failed', error));
    };
    send();
    window.addEventListener('online', send);
    const timer = setInterval(send, RETRY_MS);
    return () => {
      window.removeEventListener('online', send);
      clearInterval(timer);
    };
  }, [data]);
  return null;
}
