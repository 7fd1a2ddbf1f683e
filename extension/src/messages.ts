// The messages between the extension's parts (and the app's hand-off), typed once.
import type { Session } from '@supabase/supabase-js';
import type { Extraction, ListingFields, Portal } from './listing/types';

/** The app's /extension-auth: through chrome.runtime (onMessageExternal) and, relayed by the app content script, from its window message. */
export type AuthUpdate = { type: 'authUpdate'; session: Session; user?: unknown };

export type SaveRequest = {
  /** A client UUID: the row's id when it is new; a queued save keeps it, so a resend is not a second row. */
  id: string;
  portal: Portal;
  portalId: string;
  url: string;
  fields: ListingFields;
  savedAt: number;
};

export type SaveOutcome =
  | { kind: 'saved'; id: string; updated: boolean }
  /** Kept on this device: the server could not be reached (or answered it cannot now). */
  | { kind: 'queued'; waiting: number; message: string }
  /** The server refused it: retrying will not change that. */
  | { kind: 'refused'; message: string }
  | { kind: 'signed-out' };

/** A save the server refused: what it was, and why, until the popup has shown it. */
export type Refused = { userId: string; title: string | null; address: string | null; message: string; at: number };

export type Status = { signedIn: boolean; email: string | null; waiting: number; refused: Refused[] };

export type ToBackground =
  | { type: 'chloe:auth-update'; session: Session }
  | { type: 'chloe:status' }
  | { type: 'chloe:save'; request: SaveRequest }
  | { type: 'chloe:send-now' }
  | { type: 'chloe:dismiss-refused' }
  | { type: 'chloe:sign-out' };

export type ToListingTab = { type: 'chloe:extract' };
export type { Extraction };
