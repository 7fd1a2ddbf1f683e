import { supabaseAnonKey, supabaseUrl } from '../lib/env';
import type { DatabaseClient } from '../sync/client';
import type { KeepaliveTarget } from '../sync/page-going-push';

/**
 * Where the app's last push as a page goes is sent (src/sync/page-going-push.ts): the API this
 * build talks to, as `client`'s session (or, for an assessment link, its token header) allows,
 * from the device `db` names. Both are followed as they become known: as the page goes there is
 * no time to ask.
 */
export function keepaliveTarget(
  client: DatabaseClient,
  db: { storageToken: Promise<string> },
  headers: Record<string, string> = {},
): KeepaliveTarget {
  let accessToken: string | null = null;
  let writer: string | null = null;
  void db.storageToken.then((token) => (writer = token));
  const { data } = client.auth.onAuthStateChange((_event, session) => {
    accessToken = session?.access_token ?? null;
  });
  return {
    url: `${supabaseUrl}/rest/v1/rpc/sync_push`,
    headers: () => ({ apikey: supabaseAnonKey, Authorization: `Bearer ${accessToken ?? supabaseAnonKey}`, ...headers }),
    writer: () => writer,
    stop: () => data.subscription.unsubscribe(),
  };
}
