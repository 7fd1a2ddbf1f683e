// When the engine pulls and pushes besides the live channel: on `online`, on focus, when the tab
// becomes visible, when a page comes back from the back-forward cache, and every 30 s while
// visible (docs/architecture.md).

export const RESYNC_EVERY_MS = 30_000;

export interface EngineEvents {
  /** Back online. */
  online: () => void;
  offline: () => void;
  /** Something changed (focus, visible again): pull and push now, not after the backoff. */
  wake: () => void;
  /** The timer: pull (when visible), and refresh the clock the status reads. */
  tick: (visible: boolean) => void;
  /** The page was shown again from the back-forward cache. */
  pageShown: () => void;
}

/** Listens in the browser; returns what stops listening. */
export function listenForChanges(on: EngineEvents): () => void {
  const visible = () => document.visibilityState === 'visible';
  const onVisible = () => visible() && on.wake();
  const onFocus = () => on.wake();
  const onPageShow = () => on.pageShown();
  window.addEventListener('pageshow', onPageShow);
  window.addEventListener('online', on.online);
  window.addEventListener('offline', on.offline);
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisible);
  const timer = window.setInterval(() => on.tick(visible()), RESYNC_EVERY_MS);
  return () => {
    window.removeEventListener('pageshow', onPageShow);
    window.removeEventListener('online', on.online);
    window.removeEventListener('offline', on.offline);
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onVisible);
    window.clearInterval(timer);
  };
}
