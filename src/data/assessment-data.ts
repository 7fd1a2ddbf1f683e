import { useEffect, useState } from 'react';
import type { DatabaseClient } from './client';
import type { AssessmentData } from './assessment-database';
import { fieldWrite, type Fields } from './form-sync';
import { logLostValues } from './lost-values';
import { LIST_FIELDS, type AgentAssessmentDoc } from './schemas';
import { asError } from '../lib/errors';

export type { AssessmentData } from './assessment-database';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// RxDB and the sync engine come when the link's data opens, after the page has painted and
// hydrated: the route's own code stays small (issue 18). RxDB, its validator and its storage
// are evaluated one after the other, each in a task of its own, rather than in one long task
// that a phone could not answer a tap during.
let loaded: Promise<typeof import('./assessment-database')> | undefined;
const opening = () =>
  (loaded ??= (async () => {
    await import('rxdb');
    await nextTask();
    await import('rxdb/plugins/validate-ajv');
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

export type LinkState = 'loading' | 'valid' | 'invalid' | 'expired' | 'lookup-failed' | 'needs-connection';

/** Why a link gives no assessment: the server tells an expired link from an unknown one. */
async function missingLinkState(data: AssessmentData): Promise<'invalid' | 'expired'> {
  const { data: state, error } = await data.client.rpc('assessment_link_state', { p_token: data.token });
  return !error && state === 'expired' ? 'expired' : 'invalid';
}

const stillValid = (expiresAt: string) => (Date.parse(expiresAt) > Date.now() ? 'valid' : 'expired');

// Long enough for a slow tablet connection; a lookup that takes longer counts as failed.
const LOOKUP_WAIT_MS = 15_000;

/**
 * The link's assessment, live from this device, and whether the link is valid. A link opened
 * before works offline from the device's copy; a first opening needs the server: offline it says
 * so rather than calling the link invalid.
 */
export function useAssessment(
  data: AssessmentData | null,
  /** Whether the browser is online (lib/online's useOnline): a first opening waits for it. */
  online: boolean,
): { state: LinkState; doc: AgentAssessmentDoc | null; pending: boolean } {
  const [doc, setDoc] = useState<AgentAssessmentDoc | null>(null);
  const [pending, setPending] = useState(false);
  const [state, setState] = useState<LinkState>('loading');

  useEffect(() => {
    if (!data) return;
    const subs = [
      data.db.agent_assessments
        .find()
        .$.subscribe((docs) => setDoc((docs[0]?.toJSON() as AgentAssessmentDoc | undefined) ?? null)),
      data.db.outbox.count().$.subscribe((n) => setPending(n > 0)),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [data]);

  useEffect(() => {
    if (!data) return;
    let live = true;
    void (async () => {
      const local = await data.db.agent_assessments.findOne().exec();
      if (!live) return;
      if (local) {
        setState(stillValid(local.expires_at));
        return;
      }
      if (!online) {
        setState('needs-connection');
        return;
      }
      setState('loading');
      const outcome = await Promise.race([
        data.engine.awaitInitialSync().then(() => 'pulled' as const),
        new Promise<'failed'>((resolve) => setTimeout(() => resolve('failed'), LOOKUP_WAIT_MS)),
      ]);
      if (!live) return;
      const found = await data.db.agent_assessments.findOne().exec();
      if (found) setState(stillValid(found.expires_at));
      else if (outcome === 'pulled') setState(await missingLinkState(data));
      else setState('lookup-failed');
    })();
    return () => {
      live = false;
    };
  }, [data, online]);

  return { state, doc, pending };
}

async function assessmentDoc(data: AssessmentData, id: string) {
  const doc = await data.db.agent_assessments.findOne(id).exec();
  if (!doc) throw new Error('This assessment is not on this device.');
  return doc;
}

/** Saves progress (the step, completion) on this device at once; replication sends it when it can. */
export async function saveProgress(data: AssessmentData, id: string, patch: Partial<AgentAssessmentDoc>) {
  await (await assessmentDoc(data, id)).incrementalPatch(patch);
}

/**
 * Saves answers on this device at once: only what changed since `base` (the stored values the
 * form last agreed with), lists as the items ticked and unticked (form-sync.ts), so an answer
 * another device gave meanwhile stays.
 */
export async function saveAnswers(data: AssessmentData, id: string, edited: Fields, base: Fields) {
  const doc = await assessmentDoc(data, id);
  const { patch, replaced } = fieldWrite(base, edited, doc.toJSON(), LIST_FIELDS.agent_assessments ?? []);
  await logLostValues(data.db.conflict_log, 'agent_assessments', id, replaced);
  if (Object.keys(patch).length > 0) await doc.incrementalPatch(patch);
}
