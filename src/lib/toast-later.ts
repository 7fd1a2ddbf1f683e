import type { toast as Toast } from './toast';

// `toast`, for code that is on screen before anything is toasted (the root layout, the call
// button, the service worker's prompts): Ark's toaster arrives with the first message, not with
// the first page.
const later =
  <K extends keyof typeof Toast>(kind: K) =>
  (...args: Parameters<(typeof Toast)[K]>) =>
    void import('./toast').then(({ toast }) => (toast[kind] as (...a: typeof args) => void)(...args));

export const toastLater = {
  success: later('success'),
  error: later('error'),
  info: later('info'),
  action: later('action'),
};
