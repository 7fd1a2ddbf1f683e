// The live channel (docs/decisions/021-live-sync-channel.md): a private Supabase Realtime
// broadcast topic on which the server says "pull <table> now" after every write a device of this
// user (or link) may read. It carries no data: the pull does, with its checkpoint, so a message
// missed while the channel was down costs latency only; every (re)join pulls everything newer.
// realtime-js is loaded only here, once sync starts: the public pages never download it.
// Types only: a value import of the bare specifier would be the stand-in (vite.config.ts).
import type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js';
import { loadRealtimePackage } from '../lib/supabase-unused/realtime-package';

/** none: no channel for this sync; other-tab: another tab of this profile holds the channel. */
export type LiveState = 'none' | 'connecting' | 'on' | 'off' | 'other-tab';

export interface LiveTarget {
  /** The Supabase project's URL and public API key. */
  url: string;
  apiKey: string;
  /** The private topic to join (null: no channel, e.g. no crypto.subtle to derive it). */
  topic: () => Promise<string | null>;
  /** The user's access token, asked again before every heartbeat (null: the API key). */
  accessToken: () => Promise<string | null>;
}

export interface LiveHandlers {
  /** The server wrote `table` (undefined: anything may have changed, e.g. after a rejoin). */
  onPull: (table: string | undefined) => void;
  onState: (state: LiveState) => void;
}

/** After the server closes the channel for good (an expired or refused token): join again. */
const REJOIN_AFTER_CLOSE_MS = 5_000;

export const realtimeUrl = (supabaseUrl: string) =>
  new URL('realtime/v1', supabaseUrl.endsWith('/') ? supabaseUrl : `${supabaseUrl}/`).href.replace(/^http/, 'ws');

export function startLive(target: LiveTarget, { onPull, onState }: LiveHandlers): { stop: () => Promise<void> } {
  let stopped = false;
  let client: RealtimeClient | null = null;
  let channel: RealtimeChannel | null = null;
  let rejoin: ReturnType<typeof setTimeout> | undefined;

  const subscribe = (topic: string) => {
    if (stopped || !client) return;
    const c = client.channel(topic, { config: { private: true } });
    channel = c;
    c.on('broadcast', { event: 'pull' }, (message: { payload?: { table?: unknown } }) => {
      const table = message.payload?.table;
      onPull(typeof table === 'string' ? table : undefined);
    });
    c.subscribe((status) => {
      if (stopped || channel !== c) return;
      if (String(status) === 'SUBSCRIBED') {
        onState('on');
        // Whatever was written while this device was not listening.
        onPull(undefined);
        return;
      }
      onState('off');
      // CHANNEL_ERROR and TIMED_OUT rejoin by themselves; CLOSED (by the server) does not.
      if (String(status) === 'CLOSED') {
        rejoin = setTimeout(() => {
          if (stopped || !client) return;
          void client.removeChannel(c).then(() => subscribe(topic));
        }, REJOIN_AFTER_CLOSE_MS);
      }
    });
  };

  const starting: Promise<void> = (async () => {
    onState('connecting');
    try {
      const [topic, { RealtimeClient }] = await Promise.all([target.topic(), loadRealtimePackage()]);
      if (stopped) return;
      if (!topic) return onState('none');
      client = new RealtimeClient(realtimeUrl(target.url), {
        params: { apikey: target.apiKey },
        accessToken: async () => (await target.accessToken().catch(() => null)) ?? target.apiKey,
      });
      await client.setAuth();
      subscribe(topic);
    } catch {
      // No channel (the module could not load, e.g. offline before it was ever cached): the
      // 30-s re-sync, focus and online events still pull.
      if (!stopped) onState('off');
    }
  })();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(rejoin);
      await starting.catch(() => undefined);
      const c = client;
      client = null;
      if (c) {
        await c.removeAllChannels().catch(() => {});
        await c.disconnect();
      }
    },
  };
}

/** A tab not leading by then leaves the live channel to the tab that is. */
const LEADERSHIP_WAIT_MS = 3_000;

/**
 * The channel, once this tab leads the replication (`leader`: RxDB's; none, at once): only the
 * leading tab pulls, so only it listens. Until then the state says another tab does.
 */
export function listenWhenLeading(
  target: LiveTarget,
  { leader, onPull, onState }: LiveHandlers & { leader: (() => Promise<unknown>) | undefined },
): { stop: () => Promise<void> } {
  let stopped = false;
  let led = false;
  let stopLive: (() => Promise<void>) | null = null;
  onState('connecting');
  const otherTab = setTimeout(() => led || stopped || onState('other-tab'), LEADERSHIP_WAIT_MS);
  void (leader?.() ?? Promise.resolve()).then(() => {
    led = true;
    clearTimeout(otherTab);
    if (!stopped) stopLive = startLive(target, { onPull, onState }).stop;
  });
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(otherTab);
      await stopLive?.();
    },
  };
}
