import { createToaster } from '@ark-ui/react';
import { isPhone } from './viewport';

// On a phone the bottom of the screen holds what is being typed and its button (the form a toast
// answers, the on-screen keyboard): toasts come down from the top there. Chosen once, when the app
// starts (no page is prerendered with a toast region).
const placement = isPhone() ? 'top' : 'bottom-end';

// The one toast store; <Toaster> in src/ui renders it and is mounted once at the root.
export const toaster = createToaster({ placement, overlap: false, gap: 12, max: 5 });

export type ToastAction = { label: string; onClick: () => void };

const SUCCESS_MS = 2000;
// Errors stay up longer: they usually ask the reader to do something. So does a toast with an action.
const ERROR_MS = 8000;
const ACTION_MS = 8000;

type Shown = {
  id: string;
  /** What the toast is about (one form, one action): a success of a topic answers its failures. */
  topic?: string | undefined;
  type: 'success' | 'error' | 'info';
  title: string;
  description?: string | undefined;
  duration: number;
  action?: ToastAction | undefined;
};

// The topic of each toast shown with one (ids are few: one per distinct message).
const topics = new Map<string, string>();

/** The id of a message: the same words of the same kind are one toast. */
export const messageId = (type: string, title: string, description?: string) => `${type}:${title}:${description ?? ''}`;

/**
 * Shows a toast, or refreshes the one on screen with the same id: the same message twice (Save
 * pressed three times) is one toast whose timer starts again, not a stack of copies.
 */
function show({ duration, topic, ...options }: Shown) {
  if (topic) {
    topics.set(options.id, topic);
    // 'Access Granted' answers the 'Access Denied' before it: the failure goes when the success comes.
    if (options.type === 'success')
      for (const t of toaster.getVisibleToasts())
        if (t.id !== options.id && t.type !== 'success' && topics.get(t.id ?? '') === topic) toaster.remove(t.id);
  }
  const onScreen = toaster.getVisibleToasts().find((t) => t.id === options.id);
  // The toast restarts its timer when its duration changes, so a repeat nudges it by a millisecond.
  const refreshed = onScreen && onScreen.duration === duration ? duration + 1 : duration;
  toaster.create({ ...options, closable: true, duration: refreshed });
}

type Options = { action?: ToastAction; id?: string; topic?: string };

export const toast = {
  /** A success; with `action` (Undo) it stays long enough to use it, one toast per `id`. */
  success(title: string, description?: string, options: Options = {}) {
    show({
      id: options.id ?? messageId('success', title, description),
      type: 'success',
      title,
      description,
      duration: options.action ? ACTION_MS : SUCCESS_MS,
      action: options.action,
      topic: options.topic,
    });
  },
  error(title: string, description?: string, options: Pick<Options, 'topic'> = {}) {
    const id = messageId('error', title, description);
    show({ id, type: 'error', title, description, duration: ERROR_MS, topic: options.topic });
  },
  /** Something to know rather than a success (saved here, to be sent later): as long as an error. */
  info(title: string, description?: string, options: Pick<Options, 'topic'> = {}) {
    const id = messageId('info', title, description);
    show({ id, type: 'info', title, description, duration: ERROR_MS, topic: options.topic });
  },
  /** A notice that stays until acted on or closed, with one action button. */
  action(title: string, description: string | undefined, action: ToastAction, id?: string) {
    show({
      id: id ?? messageId('info', title, description),
      type: 'info',
      title,
      description,
      duration: Infinity,
      action,
    });
  },
};

/**
 * The toasts of one topic (a form, an action): its success dismisses the failures and notices of
 * the same topic still on screen, and nothing else.
 */
export function toastAbout(topic: string) {
  return {
    success: (title: string, description?: string, options: Omit<Options, 'topic'> = {}) =>
      toast.success(title, description, { ...options, topic }),
    error: (title: string, description?: string) => toast.error(title, description, { topic }),
    info: (title: string, description?: string) => toast.info(title, description, { topic }),
  };
}
