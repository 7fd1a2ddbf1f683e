// The real @supabase/realtime-js, for the live channel (src/sync/live.ts, ADR 021). The bare
// specifier is the stand-in in ./realtime.ts in the app's build (vite.config.ts, ADR 012), so the
// real package is reached by its file path: this module is the one place that knows it, and
// contract.test.ts fails on the upgrade that moves it.

/** The real package, loaded on demand (a chunk of its own). */
export const loadRealtimePackage = () => import('@supabase/realtime-js/dist/module/index.js');
