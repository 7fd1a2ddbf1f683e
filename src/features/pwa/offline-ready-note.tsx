import { css } from 'styled-system/css';
import { OFFLINE_READY_DESCRIPTION, OFFLINE_READY_TITLE, useOfflineReadyThisVisit } from './offline-ready';

const note = css({
  px: { base: '4', md: '8' },
  py: '3',
  bg: 'success.subtle',
  borderTopWidth: '1px',
  borderColor: 'success.border',
  fontSize: 'sm',
  textAlign: 'center',
});

/**
 * 'Ready to work offline' once the first visit's service worker has precached the app: a line at
 * the very end of the page, after the footer, announced by its live region. It covers nothing, and
 * nothing moves when it comes (above the footer, it moved the footer: a layout shift at 820 px).
 */
export function OfflineReadyNote() {
  const ready = useOfflineReadyThisVisit();
  return (
    <div role="status" aria-live="polite">
      {ready ? (
        <p className={note}>
          <strong>{OFFLINE_READY_TITLE}.</strong> {OFFLINE_READY_DESCRIPTION}
        </p>
      ) : null}
    </div>
  );
}
