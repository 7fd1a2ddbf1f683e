import { supabaseAnonKey, supabaseUrl } from '../lib/env';
import type { DatabaseClient } from '../sync/client';
import type { KeepaliveTarget } from '../sync/last-push';

/**
 * Where the app's last push as a page goes is sent (src/sync/last-push.ts): the API this build
 * talks to, as `client`'s session (or, for an assessment link, its token header) allows.
 */
export function keepaliveTarget(client: DatabaseClient, headers: Record<string, string> = {}): KeepaliveTarget {
  // Followed as it changes: as the page goes there is no time to ask the client for it.
  let accessToken: string | null = null;
  const { data } = client.auth.onAuthStateChange((_event, session) => {
    accessToken = session?.access_token ?? null;
  });
  return {
    url: `${supabaseUrl}/rest/v1/rpc/sync_push`,
    headers: () => ({ apikey: supabaseAnonKey, Authorization: `Bearer ${accessToken ?? supabaseAnonKey}`, ...headers }),
    stop: () => data.subscription.unsubscribe(),
  };
}
