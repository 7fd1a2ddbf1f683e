// The live channel's topics (supabase/schemas/sync/70-live.sql): a user's, and an assessment
// link's, which is derived from its token so that the token itself never names a topic.
import { supabaseAnonKey, supabaseUrl } from '../lib/env';
import type { DatabaseClient } from '../sync/client';
import type { LiveTarget } from '../sync/live';

export function userLiveTarget(client: DatabaseClient, userId: string): LiveTarget {
  return {
    url: supabaseUrl,
    apiKey: supabaseAnonKey,
    topic: () => Promise.resolve(`sync:user:${userId}`),
    accessToken: async () => (await client.auth.getSession()).data.session?.access_token ?? null,
  };
}

/** 'sync:assessment:<sha-256 of the token, hex>', as public.sync_assessment_topic makes it. */
export async function assessmentTopic(token: string): Promise<string | null> {
  // Only in a secure context (https, localhost): elsewhere the link syncs without a live channel.
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return `sync:assessment:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export function assessmentLiveTarget(token: string): LiveTarget {
  return {
    url: supabaseUrl,
    apiKey: supabaseAnonKey,
    topic: () => assessmentTopic(token),
    // A link has no account: the API key is its token, the policy checks the link.
    accessToken: () => Promise.resolve(null),
  };
}
