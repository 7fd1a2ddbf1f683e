import { useEffect, useState } from 'react';
import { asError } from '../lib/errors';
import type { DatabaseClient } from '../sync/client';
import type { AssessmentData } from './assessment-database';

export type { AssessmentData } from './assessment-database';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// RxDB and the sync engine come when the link's data opens, after the page has painted and
// hydrated: the route's own code stays small. RxDB and its storage are evaluated one after the other, each in a task of its own, rather than in one long task
// that a phone could not answer a tap during.
let loaded: Promise<typeof import('./assessment-database')> | undefined;
const opening = () =>
  (loaded ??= (async () => {
    await import('rxdb');
    await nextTask();
    await import('rxdb/plugins/storage-dexie');
    await nextTask();
    return import('./assessment-database');
  })());

/**
 * Opens the link's data while mounted (replication starts on opening the link: docs/architecture.md)
 * and closes it on leaving. `client` must send the link's token (lib/assessment-client).
 */
export function useAssessmentData(
  token: string | null,
  client: DatabaseClient | null,
): { data: AssessmentData | null; error: Error | null } {
  const [state, setState] = useState<{ data: AssessmentData | null; error: Error | null }>({ data: null, error: null });
  useEffect(() => {
    if (!token || !client) return;
    let cancelled = false;
    let opened: AssessmentData | null = null;
    opening()
      .then((m) => m.openAssessmentData(token, client))
      .then(
        async (d) => {
          opened = d;
          if (cancelled) await (await opening()).closeAssessmentData(d);
          else setState({ data: d, error: null });
        },
        // e.g. IndexedDB unavailable (some private windows): the page says so instead of spinning.
        (error: unknown) => !cancelled && setState({ data: null, error: asError(error) }),
      );
    return () => {
      cancelled = true;
      setState({ data: null, error: null });
      const open = opened;
      if (open) void opening().then((m) => m.closeAssessmentData(open));
    };
  }, [token, client]);
  return state;
}
