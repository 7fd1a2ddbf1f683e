// Nobody lists agent assessments through the real API: a listing shows at most the token's own row,
// or the links its creator made. Actors and rows as in the RLS matrix (rls-actors.ts, rls-cases.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, clients, ids, removeActors, signInActors } from './rls-actors';
import { cases } from './rls-cases';

beforeAll(signInActors);

afterAll(removeActors);

describe('nobody can list agent assessments', () => {
  const listAs = async (actor: Actor) => {
    await cases.find((c) => c.table === 'agent_assessments')?.reset();
    const { data, error } = await (clients.get(actor) as SupabaseClient).from('agent_assessments').select('id');
    expect(error).toBeNull();
    return (data ?? []).map((r: { id: string }) => r.id).sort();
  };

  it('without a token, or with a wrong or expired one, a listing is empty', async () => {
    for (const actor of ['anon', 'other user', 'wrong token', 'expired token'] as const) {
      expect(await listAs(actor), actor).toEqual([]);
    }
  });

  it('a token holder lists exactly the one row of the token', async () => {
    expect(await listAs('token holder')).toEqual([ids.assessment]);
  });

  it('the creator lists only the links they created, expired ones included', async () => {
    expect(await listAs('owner')).toEqual([ids.assessment, ids.expiredAssessment].sort());
  });
});
