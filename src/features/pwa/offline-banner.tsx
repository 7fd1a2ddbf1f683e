import { css, cx } from 'styled-system/css';
import { useOnline } from '../../lib/online';
import { OFFLINE_NOT_READY_TEXT, useOfflineReady } from './offline-ready';

const bar = css({
  px: { base: '4', md: '8' },
  py: '2',
  bg: 'gray.800',
  color: 'white',
  fontSize: 'sm',
  textAlign: 'center',
});
// On a phone, a page whose sync status says 'Offline' spends no lines on saying it again. The
// warning that offline use is not ready yet (a first visit) is not said there, so it stays.
const saidBySyncStatus = css({ mdDown: { 'body:has([data-sync-kind=offline]) &': { display: 'none' } } });

/**
 * Shown while the browser is offline; the live region announces it coming and going. Before the
 * service worker has precached the app (a first visit), it warns that offline use is not ready yet.
 */
export function OfflineBanner() {
  const online = useOnline();
  const readiness = useOfflineReady();
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <p className={cx(bar, readiness === 'preparing' ? undefined : saidBySyncStatus)} data-testid="offline-banner">
          {readiness === 'preparing'
            ? OFFLINE_NOT_READY_TEXT
            : 'You are offline. Pages you have opened still work, and your changes are saved on this device until you reconnect.'}
        </p>
      )}
    </div>
  );
}
