// What the app's build gets for @supabase/realtime-js (vite.config.ts, ADR 012): the app never
// subscribes to Realtime (sync pulls on its own schedule), and supabase-js creates the client
// anyway. The calls supabase-js makes by itself are no-ops; a channel is an error that says why.
const unused = () => new Error('Realtime is not part of this build (see docs/decisions/012-public-pages-as-html.md)');

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
