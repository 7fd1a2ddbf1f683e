// @vitest-environment jsdom
import { createClient } from '@supabase/supabase-js';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAssessmentData } from './assessment-data';
import { assessmentDatabaseName } from './assessment-database';
import type { AgentAssessmentDoc } from './schemas';

// Nothing answers here: the hook must open the link's database and start its replication
// without waiting for the network (offline is the normal case on a tablet).
const offlineClient = () =>
  createClient('http://127.0.0.1:9', 'anon', {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: () => Promise.reject(new TypeError('Failed to fetch')) },
  });

const databaseNames = async () => (await indexedDB.databases()).map((d) => d.name ?? '');

const completed = (token: string) =>
  ({
    id: crypto.randomUUID(),
    token,
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    status: 'completed',
    tone_of_voice: [],
    office_devices: [],
    mobile_device_types: [],
    preferred_mobile_communication: [],
    property_portals: [],
    primary_ai_goals: [],
    tracking_outcomes: [],
    current_tools: Array<string>(10).fill(''),
  }) as unknown as AgentAssessmentDoc;

describe('useAssessmentData', () => {
  it('opens one database per link, replicating, and closes it on leaving', async () => {
    const client = offlineClient();
    const { result, unmount } = renderHook(() => useAssessmentData('TokenA0000000000000000000', client));
    await waitFor(() => expect(result.current.data).not.toBeNull());
    const { db, engine } = result.current.data!;
    expect(db.name).toBe(assessmentDatabaseName('TokenA0000000000000000000'));
    expect(Object.keys(db.collections).sort()).toEqual(['agent_assessments', 'conflict_log', 'outbox']);
    expect(engine.inputs$.value.started).toBe(true);
    unmount();
    await waitFor(() => expect(db.closed).toBe(true));
    expect(engine.inputs$.value.started).toBe(false);
  });

  it('names the database without the token (IndexedDB names are listed to any script and stay on disk)', async () => {
    const token = 'TokenSecret00000000000000';
    const client = offlineClient();
    const { result, unmount } = renderHook(() => useAssessmentData(token, client));
    await waitFor(() => expect(result.current.data).not.toBeNull());
    expect(result.current.data!.db.name).not.toContain(token);
    expect((await databaseNames()).some((n) => n.includes(token))).toBe(false);
    const { db } = result.current.data!;
    unmount();
    await waitFor(() => expect(db.closed).toBe(true));
  });

  it('removes a completed assessment once nothing waits to be sent; keeps it while a change waits', async () => {
    const token = 'TokenDone0000000000000000';
    const name = assessmentDatabaseName(token);
    const client = offlineClient();
    const first = renderHook(() => useAssessmentData(token, client));
    await waitFor(() => expect(first.result.current.data).not.toBeNull());
    const { db } = first.result.current.data!;
    await db.agent_assessments.insert(completed(token));
    first.unmount();
    await waitFor(() => expect(db.closed).toBe(true));
    // The submission has not reached the server: the device keeps it.
    expect((await databaseNames()).some((n) => n.startsWith(`rxdb-dexie-${name}--`))).toBe(true);

    const again = renderHook(() => useAssessmentData(token, client));
    await waitFor(() => expect(again.result.current.data).not.toBeNull());
    const data = again.result.current.data!;
    expect((await data.db.agent_assessments.find().exec())[0]?.status).toBe('completed');
    // As if sent: the outbox is empty.
    await data.db.collections.outbox.find().remove();
    again.unmount();
    await waitFor(() => expect(data.db.closed).toBe(true));
    // Opened again (offline): nothing of it is on the device any more.
    const third = renderHook(() => useAssessmentData(token, client));
    await waitFor(() => expect(third.result.current.data).not.toBeNull());
    expect(await third.result.current.data!.db.agent_assessments.find().exec()).toEqual([]);
    third.unmount();
  });

  it('opens nothing without a token', () => {
    const { result } = renderHook(() => useAssessmentData(null, offlineClient()));
    expect(result.current).toEqual({ data: null, error: null });
  });
});
