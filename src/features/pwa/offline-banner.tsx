import { css } from 'styled-system/css';
import { useOnline } from '../../lib/online';

const bar = css({
  px: { base: '4', md: '8' },
  py: '2',
  bg: 'gray.800',
  color: 'white',
  fontSize: 'sm',
  textAlign: 'center',
});

/** Shown while the browser is offline; the live region announces it coming and going. */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <p className={bar} data-testid="offline-banner">
          You are offline. Pages you have opened still work, and your changes are saved on this device until you
          reconnect.
        </p>
      )}
    </div>
  );
}
