import { supabase } from '../../../lib/supabase';
import { MAX_PULL_ROWS } from '../../../lib/limits';
import type { ListedProperty } from '../list-view';

const COLUMNS =
  'id, title, address, price, bedrooms, property_type, key_features, agent_name, agency_name, listing_url, portal, created_at';

/** The first cards the page draws, asked for on their own: 48 rows arrive long before 1,000. */
const FIRST_ROWS = 48;

/**
 * The user's saved properties straight from the server, newest first, for a device whose first
 * pull is still under way (5,000 rows take it seconds to store). `onFirst` gets the first page as
 * soon as it is in; the rest comes in pages of MAX_PULL_ROWS (a hosted API's row cap), asked for at once.
 */
export async function readFromServer(
  userId: string,
  onFirst: (rows: ListedProperty[]) => void,
): Promise<ListedProperty[]> {
  const page = (from: number, to: number, count = false) =>
    supabase
      .from('saved_properties')
      .select(COLUMNS, count ? { count: 'exact' } : undefined)
      .eq('user_id', userId)
      .eq('_deleted', false)
      .order('created_at', { ascending: false })
      .order('id')
      .range(from, to - 1);
  const first = await page(0, FIRST_ROWS, true);
  if (first.error) throw first.error;
  onFirst(first.data);
  const total = first.count ?? 0;
  const starts: number[] = [];
  for (let from = FIRST_ROWS; from < total; from += MAX_PULL_ROWS) starts.push(from);
  const rest = await Promise.all(starts.map((from) => page(from, Math.min(from + MAX_PULL_ROWS, total))));
  const failed = rest.find((r) => r.error);
  if (failed?.error) throw failed.error;
  return [...first.data, ...rest.flatMap((r) => r.data ?? [])];
}
