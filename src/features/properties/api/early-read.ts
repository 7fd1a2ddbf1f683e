// The first saved properties of a device that has never held them, asked for by the page's first
// script (src/boot.ts) as /saved-properties opens. On a browser that has not cached the app, its
// code takes about 0.4 s to arrive and start; the server's answer is in by then, instead of being
// asked for only once the session, the route and its code are ready (ADR 038).
import { holdsLocalTable } from '../../../data/user-database-name';
import { supabaseAnonKey, supabaseUrl } from '../../../lib/env';
import { holdFirstContent } from '../../../lib/first-content';
import { storedAccess } from '../../../lib/stored-session';
import type { ListedProperty } from '../list-view';

/** What the list reads of a saved property, in PostgREST's `select`. */
export const LIST_COLUMNS =
  'id,title,address,price,bedrooms,property_type,key_features,agent_name,agency_name,listing_url,portal,created_at';

/** The first cards the page draws, asked for on their own: 48 rows arrive long before 1,000. */
export const FIRST_ROWS = 48;

/** The newest FIRST_ROWS of a user's list, and how many there are in all. */
export type FirstPage = { rows: ListedProperty[]; total: number };

const PATHS = new Set(['/saved-properties', '/saved-properties/']);
type Early = { userId: string; held: Promise<boolean | undefined>; page: Promise<FirstPage | null> };
let early: Early | null = null;
let listDrawn!: () => void;
const drawn = new Promise<void>((resolve) => (listDrawn = resolve));

/** The list has drawn what it shows first (its cards, or that there are none). */
export { listDrawn };

async function firstPage(token: string, userId: string, held: Promise<boolean | undefined>): Promise<FirstPage | null> {
  const query = new URLSearchParams({
    select: LIST_COLUMNS,
    user_id: `eq.${userId}`,
    _deleted: 'eq.false',
    order: 'created_at.desc,id.asc',
    offset: '0',
    limit: String(FIRST_ROWS),
  });
  // Asked for at once, while the device looks for its own copy (IndexedDB's list of databases can
  // take longer to answer than the app's code to arrive); called off if it holds one.
  const asked = new AbortController();
  const answer = fetch(`${supabaseUrl}/rest/v1/saved_properties?${query}`, {
    headers: { apikey: supabaseAnonKey, authorization: `Bearer ${token}`, prefer: 'count=exact' },
    signal: asked.signal,
    // A user's list stays out of the browser's HTTP cache (lib/no-store).
    cache: 'no-store',
  });
  if ((await held) !== false) {
    asked.abort();
    answer.catch(() => undefined);
    return null;
  }
  const response = await answer;
  // Refused (a token revoked meanwhile) or failed: the page asks again through the auth client.
  if (!response.ok) return null;
  const total = Number(response.headers.get('content-range')?.split('/')[1]);
  const rows: unknown = await response.json();
  return Array.isArray(rows) && Number.isInteger(total) ? { rows: rows as ListedProperty[], total } : null;
}

/** Asks for the first page when `pathname` is the list's and a valid session is stored. */
export function startEarlyRead(pathname: string) {
  if (!PATHS.has(pathname) || navigator.onLine === false) return;
  const access = storedAccess();
  if (!access) return;
  const { token, userId } = access;
  const held = holdsLocalTable(userId, 'saved_properties').catch(() => undefined);
  early = { userId, held, page: firstPage(token, userId, held).catch(() => null) };
  // The page's first content (what the service worker's install waits for): the list drawn.
  holdFirstContent(early.page.then((page) => page && drawn));
}

/** Whether this device held `userId`'s table when the page's first script looked; null: it did not look. */
export const earlyHeld = (userId: string) => (early?.userId === userId ? early.held : null);

/** The early read's page for `userId`, once; null when there was none for this user. */
export function takeEarlyRead(userId: string): Promise<FirstPage | null> | null {
  const taken = early?.userId === userId ? early.page : null;
  early = null;
  return taken;
}
