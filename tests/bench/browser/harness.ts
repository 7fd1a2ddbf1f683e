// Loaded by the bench in Chromium (tests/bench/pwa.bench.ts, through a Vite dev server): the app's
// own RxDB database over the browser's real IndexedDB, its sync engine and supabase-js.
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../../src/generated/database.types';
import { openUserDatabase } from '../../../src/data/database';
import { userSyncTable } from '../../../src/data/synced-tables';
import { startSync } from '../../../src/sync/engine';
import { savedProperty } from '../rows';

export type BrowserSyncInput = {
  apiUrl: string;
  anonKey: string;
  email: string;
  password: string;
  /** Added to every request's round trip. */
  delayMs: number;
  /** Saved properties made offline, then synced. */
  drafts: number;
  /** Sequential upserts timed (the figure for `drafts` is scaled from these when fewer). */
  sequential: number;
};

export type BrowserSyncResult = { localSaveMedianMs: number; syncedMs: number; sequentialMs: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;


async function run(input: BrowserSyncInput): Promise<BrowserSyncResult> {
  const client = createClient<Database>(input.apiUrl, input.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: {
      fetch: async (url, init) => {
        if (input.delayMs) await new Promise((r) => setTimeout(r, input.delayMs));
        return fetch(url, init);
      },
    },
  });
  const { data, error } = await client.auth.signInWithPassword({ email: input.email, password: input.password });
  if (error || !data.user) throw error ?? new Error('not signed in');
  const userId = data.user.id;

  const opened = await openUserDatabase({ name: `bench-${crypto.randomUUID().slice(0, 8)}` });
  const { db } = opened;
  try {
    // A field saved on the device, as a wizard saves it.
    const doc = await db.saved_properties.insert(savedProperty(userId, 0, 'local'));
    const local: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await doc.getLatest().incrementalPatch({ title: `Bench flat local ${i}` });
      local.push(performance.now() - t);
    }
    // Made with no connection (no engine yet), then synced when it starts.
    await db.saved_properties.bulkInsert(Array.from({ length: input.drafts }, (_, i) => savedProperty(userId, i, 'd')));
    const t0 = performance.now();
    const engine = startSync({
      local: opened,
      client,
      identifier: userId,
      listen: false,
      tables: [userSyncTable(opened, 'saved_properties')],
    });
    engine.reSync();
    await engine.awaitInSync();
    const syncedMs = performance.now() - t0;
    await engine.stop();

    const t1 = performance.now();
    for (let i = 0; i < input.sequential; i++) {
      const { error: upsertError } = await client.from('saved_properties').upsert(savedProperty(userId, i, 's'));
      if (upsertError) throw upsertError;
    }
    const sequentialMs = ((performance.now() - t1) * input.drafts) / input.sequential;
    return { localSaveMedianMs: median(local), syncedMs, sequentialMs };
  } finally {
    await db.remove();
  }
}

(window as Window & { benchSync?: typeof run }).benchSync = run;
