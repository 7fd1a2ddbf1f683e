// One rule for a phone number, in the forms (src/lib/limits.ts isPhone) and in Postgres
// (public.is_phone): 'abcdefghijk', '-----------' and '1' are not phones. A draft may
// hold one half-typed; a demo request, a signature and a submitted assessment may not.
import { afterAll, describe, expect, it } from 'vitest';
import { isPhone } from '../../../src/lib/limits';
import { NOT_PHONES, PHONES } from '../../phone-cases';
import { anonClient, expectRefused, sql } from '../fixtures';
import {
  assessment,
  dbRow,
  draft,
  pull,
  push,
  pushNew,
  refusedPush,
  removeSyncData,
  signedSubscription,
  user,
} from '../sync-fixtures';

afterAll(removeSyncData);

describe('a phone number, as the forms and the database both test it', () => {
  it('is_phone says what isPhone says, for every case', async () => {
    const cases = [...PHONES, ...NOT_PHONES];
    const rows = await sql<{ text: string; ok: boolean }>(
      'select t as text, public.is_phone(t) as ok from unnest($1::text[]) as t',
      [cases],
    );
    expect(rows.map((r) => [r.text, r.ok])).toEqual(cases.map((t) => [t, isPhone(t)]));
    expect(rows.filter((r) => r.ok)).toHaveLength(PHONES.length);
  });

  it('a demo request with letters for a phone is refused by name; a number goes in', async () => {
    const request = {
      professional_type: 'agent',
      name: 'Ann Agent',
      company: 'Agency Ltd',
      email: 'ann@example.test',
    };
    for (const phone of ['abcdefghijk', '-----------', '<script>alert(1)</script>'])
      expectRefused(
        (
          await anonClient()
            .from('demo_requests')
            .insert({ ...request, phone })
        ).error,
        '23514',
        'demo_requests_phone_format',
      );
    expect(
      (
        await anonClient()
          .from('demo_requests')
          .insert({ ...request, phone: '+44 20 7946 0018' })
      ).error,
    ).toBeNull();
  });

  it('a draft may hold a half-typed phone; a signature needs a phone number or none', async () => {
    const a = await user();
    await pushNew(a, 'share_subscriptions', [{ ...draft(a, 5000), subscriber_phone: '020' }]);
    const [held] = (await pull(a.client, 'share_subscriptions', null)).documents;
    // Signing the draft (its own row) with letters for a phone: refused.
    const signed = await refusedPush(
      a.client,
      'share_subscriptions',
      { ...held!, ...signedSubscription(a), subscriber_phone: 'abcdefghijk' },
      held,
    );
    expect(signed).toMatchObject({ code: '23514', constraint: 'share_subscriptions_subscriber_phone_format' });
    // With none it signs; a second subscription signs with a phone number.
    expect(
      await push(a.client, 'share_subscriptions', [
        { new: { ...held!, ...signedSubscription(a, { subscriber_phone: '' }) }, assumed: held! },
      ]),
    ).toEqual({ conflicts: [], errors: [] });
    await pushNew(a, 'share_subscriptions', [signedSubscription(a, { subscriber_phone: '020 7946 0018' }, 1)]);
  });

  it('an assessment is submitted with a phone number as its contact phone, not letters', async () => {
    const link = await assessment();
    const [seen] = (await pull(link.client, 'agent_assessments', null)).documents;
    const submitted = await refusedPush(
      link.client,
      'agent_assessments',
      { ...seen!, main_contact_phone: '-----------', status: 'completed' },
      seen,
    );
    expect(submitted).toMatchObject({ code: '23514', constraint: 'agent_assessments_main_contact_phone_format' });
    expect((await dbRow('agent_assessments', link.id))!.status).toBe('pending');
    const fixed = { ...seen!, main_contact_phone: '020 7946 0018', status: 'completed' };
    expect(await push(link.client, 'agent_assessments', [{ new: fixed, assumed: seen! }])).toEqual({
      conflicts: [],
      errors: [],
    });
    expect((await dbRow('agent_assessments', link.id))!.status).toBe('completed');
  });
});
