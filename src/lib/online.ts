import { useSyncExternalStore } from 'react';

// Whether the browser says it is online, as React state. 'Online' can still mean the server is
// unreachable: callers keep handling failed requests; this only lets the UI say so up front.
function subscribe(notify: () => void) {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** What an action that needs the network says when there is none: 'Connecting Gmail needs …'. */
export const needsConnection = (action: string) => `${action} needs an internet connection. Connect and try again.`;
