import { useEffect, useState } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { openAssessmentDatabase, type AssessmentDatabase } from './database';
import { startSync, type SyncEngine } from './sync-engine';

/** One assessment link's local data: its own RxDB database, replicating with the link's token. */
export interface AssessmentData {
  token: string;
  db: AssessmentDatabase;
  engine: SyncEngine;
}

// One database per link, so a tablet that opens two links keeps their answers apart.
export const assessmentDatabaseName = (token: string) => `chloe-assessment-${token}`;

export async function openAssessmentData(token: string, client: SupabaseClient): Promise<AssessmentData> {
  const db = await openAssessmentDatabase({ name: assessmentDatabaseName(token) });
  const engine = startSync({ db, client, identifier: token, tables: [{ name: 'agent_assessments' }] });
  return { token, db, engine };
}

export async function closeAssessmentData({ engine, db }: AssessmentData) {
  await engine.stop();
  if (!db.closed) await db.close();
}

/**
 * Opens the link's data while mounted (replication starts on opening the link, DESIGN.md Sync)
 * and closes it on leaving. `client` must send the link's token (lib/assessment-client).
 */
export function useAssessmentData(
  token: string | null,
  client: SupabaseClient | null,
): { data: AssessmentData | null; error: Error | null } {
  const [state, setState] = useState<{ data: AssessmentData | null; error: Error | null }>({ data: null, error: null });
  useEffect(() => {
    if (!token || !client) return;
    let cancelled = false;
    let opened: AssessmentData | null = null;
    openAssessmentData(token, client).then(
      async (d) => {
        opened = d;
        if (cancelled) await closeAssessmentData(d);
        else setState({ data: d, error: null });
      },
      // e.g. IndexedDB unavailable (some private windows): the page says so instead of spinning.
      (error: unknown) => !cancelled && setState({ data: null, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      cancelled = true;
      setState({ data: null, error: null });
      if (opened) void closeAssessmentData(opened);
    };
  }, [token, client]);
  return state;
}
