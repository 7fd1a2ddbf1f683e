// The sync RPCs (supabase/schemas/sync/30-pull.sql, 40-push.sql) called exactly as a device calls
// them: supabase-js `rpc('sync_pull' | 'sync_push', ...)` with a user's session or an assessment
// token header. Outcomes are checked in Postgres itself. Helpers: ../sync-fixtures.ts.
//
// Agent assessments, pulled and pushed with the link's token.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, randomToken, serviceClient, sql } from '../fixtures';
import {
  assessment,
  assessmentIds,
  dbRow,
  pull,
  pullAll,
  push,
  pushNew,
  signedSubscription,
  user,
  removeSyncData,
} from '../sync-fixtures';

afterAll(removeSyncData);

describe('agent assessments, by token', () => {
  it('the token header pulls exactly that row; a wrong, missing or expired token pulls none', async () => {
    const mine = await assessment();
    await assessment(); // someone else's
    const expired = await assessment({ expired: true });

    const { docs } = await pullAll(mine.client, 'agent_assessments', 10);
    expect(docs.map((d) => d.id)).toEqual([mine.id]);
    expect(docs[0]).toMatchObject({ token: mine.token, status: 'pending', agency_name: 'Prospect Estates' });

    const wrong = anonClient({ 'x-assessment-token': randomToken() });
    expect((await pullAll(wrong, 'agent_assessments', 10)).docs).toEqual([]);
    expect((await pullAll(anonClient(), 'agent_assessments', 10)).docs).toEqual([]);
    expect((await pullAll(expired.client, 'agent_assessments', 10)).docs).toEqual([]);

    // Expiry set by staff after a device already had the row: the next pull sees nothing either.
    await sql(`update public.agent_assessments set expires_at = now() - interval '1 second' where id = $1`, [mine.id]);
    expect((await pullAll(mine.client, 'agent_assessments', 10)).docs).toEqual([]);
  });

  it('answers pushed with the right token land; a change of token or expiry is refused by name', async () => {
    const a = await assessment();
    const [seen] = (await pull(a.client, 'agent_assessments', null)).documents;
    const before = await dbRow('agent_assessments', a.id);

    const edited = {
      ...seen!,
      agency_name: 'Prospect Estates & Lettings',
      number_of_offices: 3,
      tone_of_voice: ['Friendly & Casual', 'Calm & Reassuring'],
      current_tools: ['Mailchimp', '', '', '', '', '', '', '', '', 'Calendly'],
    };
    // Not the token holder's to change: each is refused, naming the column, and nothing lands.
    for (const [column, value] of [
      ['token', randomToken()],
      ['expires_at', '2099-01-01T00:00:00+00:00'],
    ] as const) {
      const refused = await push(a.client, 'agent_assessments', [
        { new: { ...edited, [column]: value }, assumed: seen! },
      ]);
      expect(refused.conflicts).toEqual([]);
      expect(refused.errors).toEqual([
        expect.objectContaining({
          code: '42501',
          column,
          constraint: 'sync_read_only_column',
          message: `sync_read_only_column: ${column} is set by the server and cannot be changed`,
        }),
      ]);
      expect(await dbRow('agent_assessments', a.id)).toEqual(before);
    }
    // The same value spelled differently is no change.
    const respelled = { ...edited, expires_at: String(seen!.expires_at).replace('+00:00', 'Z') };
    expect(await push(a.client, 'agent_assessments', [{ new: respelled, assumed: seen! }])).toEqual({
      conflicts: [],
      errors: [],
    });

    const after = await dbRow('agent_assessments', a.id);
    expect(after).toMatchObject({
      agency_name: 'Prospect Estates & Lettings',
      number_of_offices: 3,
      tone_of_voice: ['Friendly & Casual', 'Calm & Reassuring'],
      current_tools: ['Mailchimp', '', '', '', '', '', '', '', '', 'Calendly'],
      token: a.token,
      expires_at: before!.expires_at,
      created_by: null,
      status: 'pending',
    });
    expect(after!._modified).not.toBe(before!._modified);
  });

  it('the token holder never learns who made the link: not by pull, conflict, refusal or the table API', async () => {
    const maker = await user();
    const a = await assessment({ createdBy: maker.user.id });
    const [seen] = (await pull(a.client, 'agent_assessments', null)).documents;
    expect(seen).toMatchObject({ id: a.id, agency_name: 'Prospect Estates' });
    expect(seen).not.toHaveProperty('created_by');

    // Through the table API the column is refused, and so is `*`, which names it.
    for (const columns of ['created_by', 'id, created_by', '*']) {
      const { error } = await a.client.from('agent_assessments').select(columns);
      expect(error).toMatchObject({ code: '42501', message: expect.stringContaining('permission denied') as unknown });
    }
    expect((await a.client.from('agent_assessments').select('id, agency_name')).data).toEqual([
      { id: a.id, agency_name: 'Prospect Estates' },
    ]);

    // A device that still holds the column (pulled before this change) may send it: it is not the
    // device's to change, so it is ignored, and the answers beside it land.
    const kept = await push(a.client, 'agent_assessments', [
      {
        new: { ...seen!, created_by: randomUUID(), agency_name: 'Renamed' },
        assumed: { ...seen!, created_by: maker.user.id },
      },
    ]);
    expect(kept).toEqual({ conflicts: [], errors: [] });
    expect(await dbRow('agent_assessments', a.id)).toMatchObject({ agency_name: 'Renamed', created_by: maker.user.id });

    // A stale push's conflict row and a refusal's current row show the same columns as a pull.
    const stale = await push(a.client, 'agent_assessments', [
      { new: { ...seen!, agency_name: 'Stale' }, assumed: seen! },
    ]);
    expect(stale.conflicts).toHaveLength(1);
    expect(stale.conflicts[0]).not.toHaveProperty('created_by');
    const [now] = (await pull(a.client, 'agent_assessments', null)).documents;
    const refused = await push(a.client, 'agent_assessments', [
      { new: { ...now!, token: randomToken() }, assumed: now! },
    ]);
    expect(refused.errors).toEqual([expect.objectContaining({ constraint: 'sync_read_only_column' })]);
    expect(refused.errors[0]!.current).toEqual(now);
  });

  it('after completion a push returns the server row as a conflict and changes nothing', async () => {
    const a = await assessment();
    const [seen] = (await pull(a.client, 'agent_assessments', null)).documents;
    const done = await push(a.client, 'agent_assessments', [
      { new: { ...seen!, main_contact_name: 'Jo Bloggs', status: 'completed' }, assumed: seen! },
    ]);
    expect(done).toEqual({ conflicts: [], errors: [] });
    const completed = await dbRow('agent_assessments', a.id);
    expect(completed).toMatchObject({ status: 'completed', main_contact_name: 'Jo Bloggs' });
    expect(completed!.completed_at).not.toBeNull();

    // A device that still edits is told it was submitted, with its date: with the server state it
    // last saw (the completed row) ...
    const [server] = (await pull(a.client, 'agent_assessments', null)).documents;
    const refusal: unknown = expect.objectContaining({
      code: '42501',
      constraint: 'agent_assessments_already_completed',
      message: expect.stringMatching(
        /^agent_assessments_already_completed: this assessment was submitted on \d{1,2} [A-Z][a-z]+ \d{4} and cannot be changed$/,
      ) as unknown,
    });
    const late = await push(a.client, 'agent_assessments', [
      { new: { ...server!, main_contact_name: 'Too late', status: 'pending' }, assumed: server! },
    ]);
    expect(late).toEqual({ conflicts: [], errors: [refusal] });
    // ... or with a stale one (it never saw the completion): a conflict, and the device takes the
    // completed row.
    const stale = await push(a.client, 'agent_assessments', [
      { new: { ...seen!, main_contact_name: 'Also too late' }, assumed: seen! },
    ]);
    expect(stale).toEqual({ conflicts: [server], errors: [] });
    // The completion pushed again (its answer lost) is no change and no refusal.
    const again = await push(a.client, 'agent_assessments', [
      {
        new: { ...seen!, main_contact_name: 'Jo Bloggs', status: 'completed', completed_at: new Date().toISOString() },
        assumed: seen!,
      },
    ]);
    expect(again.errors).toEqual([]);
    expect(await dbRow('agent_assessments', a.id)).toEqual(completed);
  });

  it('a paid shareholder’s device pushes new links; anyone else’s push is refused per row', async () => {
    const holder = await user();
    const [sub] = await pushNew(holder, 'share_subscriptions', [signedSubscription(holder)]);
    const staff = await serviceClient()
      .from('share_agreement_status')
      .update({ payment_received: true, shares_issued: true })
      .eq('subscription_id', sub!.id);
    expect(staff.error).toBeNull();

    const link = {
      id: randomUUID(),
      token: randomToken(),
      created_by: holder.user.id,
      expires_at: '2099-01-01T00:00:00+00:00', // the server sets 30 days whatever the device says
      status: 'pending',
      agency_name: 'Invited Agency',
      main_contact_email: 'agent@invited.test',
      _deleted: false,
    };
    assessmentIds.push(link.id);
    await pushNew(holder, 'agent_assessments', [link]);
    const [made] = await sql<{ token: string; created_by: string; days: number }>(
      `select token, created_by, round(extract(epoch from expires_at - now()) / 86400)::int as days
         from public.agent_assessments where id = $1`,
      [link.id],
    );
    expect(made).toEqual({ token: link.token, created_by: holder.user.id, days: 30 });
    // The creator pulls the links it made (without a token header).
    expect((await pullAll(holder.client, 'agent_assessments', 10)).docs.map((d) => d.id)).toEqual([link.id]);

    const notYet = await user();
    const refused = { ...link, id: randomUUID(), token: randomToken(), created_by: notYet.user.id };
    const result = await push(notYet.client, 'agent_assessments', [{ new: refused, assumed: null }]);
    expect(result).toEqual({ conflicts: [], errors: [expect.objectContaining({ id: refused.id, code: '42501' })] });
    expect(await dbRow('agent_assessments', refused.id)).toBeUndefined();
  });

  it('with an expired or wrong token a push is an error, never a conflict', async () => {
    const a = await assessment();
    const [seen] = (await pull(a.client, 'agent_assessments', null)).documents;
    await sql(`update public.agent_assessments set expires_at = now() - interval '1 second' where id = $1`, [a.id]);
    const before = await dbRow('agent_assessments', a.id);
    const result = await push(a.client, 'agent_assessments', [
      { new: { ...seen!, agency_name: 'Expired' }, assumed: seen! },
    ]);
    expect(result.conflicts).toEqual([]);
    expect(result.errors).toEqual([expect.objectContaining({ id: a.id, code: '42501' })]);

    const wrong = anonClient({ 'x-assessment-token': randomToken() });
    const other = await push(wrong, 'agent_assessments', [{ new: { ...seen!, agency_name: 'Wrong' }, assumed: seen! }]);
    expect(other.conflicts).toEqual([]);
    expect(other.errors).toEqual([expect.objectContaining({ id: a.id, code: '42501' })]);
    expect(await dbRow('agent_assessments', a.id)).toEqual(before);
  });
});
