import { createClient } from '@supabase/supabase-js';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAssessmentData } from './assessment-data';
import { assessmentDatabaseName } from './assessment-database';

// Nothing answers here: the hook must open the link's database and start its replication
// without waiting for the network (offline is the normal case on a tablet).
const offlineClient = () =>
  createClient('http://127.0.0.1:9', 'anon', {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: () => Promise.reject(new TypeError('Failed to fetch')) },
  });

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

  it('opens nothing without a token', () => {
    const { result } = renderHook(() => useAssessmentData(null, offlineClient()));
    expect(result.current).toEqual({ data: null, error: null });
  });
});
