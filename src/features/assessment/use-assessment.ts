import { useEffect, useState } from 'react';
import type { AssessmentData } from '../../data/assessment-data';
import type { AgentAssessmentDoc } from '../../data/schemas';

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
      data.outbox.waiting$().subscribe((entries) => setPending(entries.length > 0)),
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
