import { toaster } from '../lib/toast';

/** The toasts on screen as 'Title / Description', newest first (the app's toasts are text). */
export const toastTexts = () =>
  toaster.getVisibleToasts().map((t) => `${t.title as string} / ${t.description as string}`);
