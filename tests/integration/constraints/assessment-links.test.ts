// An assessment link's refusals say what happened, through the real API: a push to an expired
// link is refused by that name, and the link state tells expired from unknown without letting
// anyone read the link (docs/decisions/007-server-owned-facts-and-limits.md).
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, randomToken, sql } from '../fixtures';
import { assessment, call, pull, refusedPush, removeSyncData } from '../sync-fixtures';

afterAll(removeSyncData);

describe('refusals that say what happened', () => {
  it('an expired link: the push says so, and the link state says expired rather than unknown', async () => {
    const live = await assessment();
    const [seen] = (await pull(live.client, 'agent_assessments', null)).documents;
    await sql(`update public.agent_assessments set expires_at = now() - interval '1 second' where id = $1`, [live.id]);
    const refused = await refusedPush(live.client, 'agent_assessments', { ...seen!, agency_name: 'Late' }, seen);
    expect(refused).toMatchObject({
      code: '42501',
      constraint: 'agent_assessments_link_expired',
      message: 'agent_assessments_link_expired: this assessment link has expired',
    });

    const state = (token: string) => call<string>(anonClient(), 'assessment_link_state', { p_token: token });
    expect(await state(live.token)).toBe('expired');
    expect(await state((await assessment()).token)).toBe('valid');
    expect(await state(randomToken())).toBe('unknown');
  });

  it('a link nobody may see is not a way to read it: the link state says only valid, expired or unknown', async () => {
    const link = await assessment();
    expect(await call<string>(anonClient(), 'assessment_link_state', { p_token: link.token })).toBe('valid');
    // A token holder's client still reads nothing without the header.
    expect((await anonClient().from('agent_assessments').select('id').eq('token', link.token)).data).toEqual([]);
  });
});
