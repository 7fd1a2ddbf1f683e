import { MAX_PULL_ROWS } from '../../../lib/limits';
import type { ListedProperty } from '../list-view';
import { FIRST_ROWS, LIST_COLUMNS, takeEarlyRead, type FirstPage } from './early-read';

/**
 * The user's saved properties straight from the server, newest first, for a device whose first
 * pull is still under way (5,000 rows take it seconds to store). `onFirst` gets the first page as
 * soon as it is in (the one the page's first script asked for, when it did); the rest comes in
 * pages of MAX_PULL_ROWS (a hosted API's row cap), asked for at once.
 */
export async function readFromServer(
  userId: string,
  onFirst: (rows: ListedProperty[]) => void,
): Promise<ListedProperty[]> {
  // The first page the page's first script asked for is drawn before the auth client is started.
  const early = await takeEarlyRead(userId);
  if (early) onFirst(early.rows);
  // The auth client is not in the route's code (a public page starts without it).
  const { supabase } = await import('../../../lib/supabase');
  const page = (from: number, to: number, count = false) =>
    supabase
      .from('saved_properties')
      .select(LIST_COLUMNS, count ? { count: 'exact' } : undefined)
      .eq('user_id', userId)
      .eq('_deleted', false)
      .order('created_at', { ascending: false })
      .order('id')
      .range(from, to - 1);
  const askFirst = async (): Promise<FirstPage> => {
    const { data, error, count } = await page(0, FIRST_ROWS, true);
    if (error) throw error;
    return { rows: data, total: count ?? 0 };
  };
  const first = early ?? (await askFirst());
  if (!early) onFirst(first.rows);
  const { total } = first;
  const starts: number[] = [];
  for (let from = FIRST_ROWS; from < total; from += MAX_PULL_ROWS) starts.push(from);
  const rest = await Promise.all(starts.map((from) => page(from, Math.min(from + MAX_PULL_ROWS, total))));
  const failed = rest.find((r) => r.error);
  if (failed?.error) throw failed.error;
  return [...first.rows, ...rest.flatMap((r) => r.data ?? [])];
}
