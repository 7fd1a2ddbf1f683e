// What the app's build gets for the bare @supabase/realtime-js (vite.config.ts, ADR 012):
// supabase-js creates its Realtime client on every page, the public ones too, and the app never
// uses that one. The live channel (src/sync/live.ts, ADR 021) loads the real package by its file
// path, in a chunk of its own, once sync starts. The calls supabase-js makes by itself are no-ops;
// a channel is an error that says why.
const unused = () =>
  new Error('supabase.channel() is not part of this build: the live channel is src/sync/live.ts (docs/decisions/021)');

export class RealtimeClient {
  setAuth(): Promise<void> {
    return Promise.resolve();
  }
  channel(): never {
    throw unused();
  }
  getChannels(): [] {
    return [];
  }
  removeChannel(): Promise<'ok'> {
    return Promise.resolve('ok');
  }
  removeAllChannels(): Promise<[]> {
    return Promise.resolve([]);
  }
}
