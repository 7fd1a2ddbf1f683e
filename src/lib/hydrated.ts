import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while a page is rendered at build time and while the browser hydrates that HTML, true from
 * then on (and at once in a page rendered in the browser): what depends on the browser alone
 * (storage, the user agent) waits for it, so the first render matches the HTML.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
