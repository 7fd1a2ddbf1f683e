// Saving auto-reply settings online or not (docs/product/email-assistant.md#settings): a save that
// cannot reach the server is kept on the device (data/on-device.ts) and sent when the connection
// returns, from any page. Only the fields the user changed are sent, so what another device saved
// meanwhile in the others is kept; with what those fields were before (`base`), so one another
// device changed too is not overwritten unseen: the server says so (a conflict) and the user's
// value waits for them.
import type { UserDatabase } from '../../data/database';
import { keepCopy, putWaiting, readWaiting, removeWaiting, type Waiting } from '../../data/on-device';
import { isOnline } from '../../lib/online';
import type { AutoReplySettings } from '../../lib/reply-template';
import { toastAbout } from '../../lib/toast';
import { saveAutoReplySettings } from './api/save-auto-reply-settings';

// A success of this topic dismisses its failures still on screen.
const toast = toastAbout('email-settings');

export type SettingsChange = Partial<AutoReplySettings>;

export const SETTINGS_TOASTS = {
  saved: ['Settings saved', 'Auto-reply settings have been updated successfully'],
  kept: ['Saved on this device', 'Your auto-reply settings will be saved when you are back online.'],
  signIn: ['Error', 'Please sign in first'],
} as const;

const FIELDS = ['enabled', 'reply_template', 'demo_link'] as const;

/** The fields of `values` that differ from `base`. */
export function changedFields(base: AutoReplySettings, values: AutoReplySettings): SettingsChange {
  const change: SettingsChange = {};
  for (const field of FIELDS) {
    if (values[field] !== base[field]) Object.assign(change, { [field]: values[field] });
  }
  return change;
}

/** `base`'s values of the fields `change` names. */
const before = (base: AutoReplySettings, change: SettingsChange): SettingsChange =>
  Object.fromEntries(FIELDS.filter((f) => f in change).map((f) => [f, base[f]]));

export type SaveResult =
  | { kind: 'saved'; settings: AutoReplySettings }
  | { kind: 'kept' }
  | { kind: 'refused'; message: string; field: keyof AutoReplySettings | null }
  /** Another device changed a field since: `current` is what the form should now start from. */
  | { kind: 'conflict'; message: string; field: keyof AutoReplySettings | null; current: AutoReplySettings }
  | { kind: 'signed-out' };

/** One send per database at a time (a reconnection and a Save may come together). */
const sending = new WeakMap<UserDatabase, Promise<unknown>>();

function serialised<T>(db: UserDatabase, work: () => Promise<T>): Promise<T> {
  const run = (sending.get(db) ?? Promise.resolve()).then(work, work);
  sending.set(
    db,
    run.catch(() => undefined),
  );
  return run;
}

/**
 * Saves what the form holds: `base` is what it started from (the server's settings, or the copy
 * kept offline), `values` what the user has now. Says what happened
 * (docs/product/messages.md#email-assistant).
 */
export function saveSettings(
  db: UserDatabase | null,
  base: AutoReplySettings,
  values: AutoReplySettings,
): Promise<SaveResult> {
  const change = changedFields(base, values);
  // Nothing changed: the whole settings, so Save still confirms them.
  const payload = Object.keys(change).length ? change : values;
  const basis = before(base, payload);
  const keep = async (): Promise<SaveResult> => {
    if (!db) {
      toast.error('Error', 'Your settings could not be kept on this device. Please try again online.');
      return { kind: 'refused', message: 'Not kept', field: null };
    }
    // What waits already is part of what the form shows, so this change includes it.
    await putWaiting<SettingsChange>(db, 'auto_reply_settings', {
      change: payload,
      base: basis,
      since: Date.now(),
      refusal: null,
    });
    toast.info(...SETTINGS_TOASTS.kept);
    return { kind: 'kept' };
  };
  if (!isOnline()) return keep();
  const work = async (): Promise<SaveResult> => {
    const outcome = await saveAutoReplySettings(payload, basis);
    if (outcome.ok) {
      if (db && !db.closed) {
        await keepCopy(db, 'auto_reply_settings', outcome.settings);
        await removeWaiting(db, 'auto_reply_settings');
      }
      toast.success(...SETTINGS_TOASTS.saved);
      return { kind: 'saved', settings: outcome.settings };
    }
    if (outcome.kind === 'unsent') return keep();
    if (outcome.kind === 'signed-out') {
      toast.error(...SETTINGS_TOASTS.signIn);
      return { kind: 'signed-out' };
    }
    toast.error('Error', outcome.message);
    if (outcome.kind === 'conflict') {
      if (db && !db.closed) await keepCopy(db, 'auto_reply_settings', outcome.current);
      return { kind: 'conflict', message: outcome.message, field: outcome.field, current: outcome.current };
    }
    return { kind: 'refused', message: outcome.message, field: outcome.field };
  };
  return db ? serialised(db, work) : work();
}

/**
 * Sends the change kept on this device, if there is one and the server has not refused it. On
 * success the kept copy of the settings becomes the server's and the change goes; a refusal stays
 * with the change (the Settings tab shows it by its field) until the user edits it.
 */
export function sendWaitingSettings(db: UserDatabase): Promise<void> {
  return serialised(db, async () => {
    if (db.closed || !isOnline()) return;
    const waiting = await readWaiting<SettingsChange>(db, 'auto_reply_settings');
    if (!waiting || waiting.refusal) return;
    const outcome = await saveAutoReplySettings(waiting.change, waiting.base);
    if (db.closed) return;
    if (outcome.ok) {
      await keepCopy(db, 'auto_reply_settings', outcome.settings);
      await removeWaiting(db, 'auto_reply_settings', waiting.since);
      toast.success(...SETTINGS_TOASTS.saved);
    } else if (outcome.kind === 'refused' || outcome.kind === 'conflict') {
      // A conflict: the Settings tab shows the server's settings now, with this change over them.
      if (outcome.kind === 'conflict') await keepCopy(db, 'auto_reply_settings', outcome.current);
      const refused: Waiting<SettingsChange> = {
        ...waiting,
        refusal: { message: outcome.message, field: outcome.field },
      };
      // Only if it is still the change that was sent: a newer edit is judged on its own.
      const now = await readWaiting<SettingsChange>(db, 'auto_reply_settings');
      if (now?.since === waiting.since) await putWaiting(db, 'auto_reply_settings', refused);
      toast.error('Error', outcome.message);
    }
    // Signed out or still unsent: it waits for the next chance.
  });
}
