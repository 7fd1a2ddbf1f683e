import { createToaster } from '@ark-ui/react';

// The one toast store; <Toaster> in src/ui renders it and is mounted once at the root.
export const toaster = createToaster({ placement: 'bottom-end', overlap: false, gap: 12, max: 5 });

export const toast = {
  success(title: string, description?: string) {
    toaster.success({ title, description, closable: true });
  },
  // Errors stay up longer: they usually ask the reader to do something.
  error(title: string, description?: string) {
    toaster.error({ title, description, closable: true, duration: 8000 });
  },
  /** A notice that stays until acted on or closed, with one action button. */
  action(title: string, description: string | undefined, action: { label: string; onClick: () => void }, id?: string) {
    toaster.create({ id, type: 'info', title, description, closable: true, duration: Infinity, action });
  },
};
