// The server bounds everything a client sends and refuses it by name, through the real API: the
// browser is not the only client, and these calls are what any client can send
// (docs/decisions/007-server-owned-facts-and-limits.md, migration 20261123000011). The numbers
// are docs/product/limits.md's; src/lib/limits.ts and the forms must use the ones the database
// enforces.
import { afterAll, describe, expect, it } from 'vitest';
import { maxLengthOf, STEP_FIELDS } from '../../../src/features/assessment/fields';
import { PERSONAL_MAX_LENGTH } from '../../../src/features/shareholder/subscription-form';
import {
  EMAIL_PATTERN,
  HTTP_URL_PATTERN,
  MAX_ASSESSMENTS_PER_CREATOR,
  MAX_CHARS,
  MAX_PUSH_ROWS,
  MAX_SAVED_PROPERTIES_PER_USER,
  MAX_SIGNATURE_CHARS,
  MAX_SUBSCRIPTIONS_PER_USER,
} from '../../../src/lib/limits';
import { MAX_SHARES } from '../../../src/lib/shareholding';
import { BOUNDS as EXTENSION_BOUNDS } from '../../../extension/src/listing/text';
import { anonClient, expectRefused, randomToken, sql, subscriptionIdOf } from '../fixtures';
import {
  assessment,
  call,
  dbRow,
  draft,
  heldSubscriptions,
  property,
  pull,
  push,
  pushNew,
  refusedPush,
  removeSyncData,
  signedSubscription,
  user,
} from '../sync-fixtures';

afterAll(removeSyncData);

describe('limits on everything a client can send', () => {
  it('src/lib/limits.ts and the forms use the lengths the database enforces', async () => {
    const bounds = new Map(
      (
        await sql<{ name: string }>(
          `select conname as name from pg_constraint
            where connamespace = 'public'::regnamespace and contype = 'c' and conname ~ '_at_most_\\d+_chars$'`,
        )
      ).map(({ name }) => {
        const [, column, n] = /^(.*)_at_most_(\d+)_chars$/.exec(name)!;
        return [column!, Number(n)] as const;
      }),
    );
    expect(bounds.get('share_subscriptions_subscriber_name')).toBe(PERSONAL_MAX_LENGTH.subscriberName);
    expect(bounds.get('share_subscriptions_subscriber_email')).toBe(PERSONAL_MAX_LENGTH.subscriberEmail);
    expect(bounds.get('share_subscriptions_subscriber_address')).toBe(PERSONAL_MAX_LENGTH.subscriberAddress);
    expect(bounds.get('share_subscriptions_subscriber_phone')).toBe(PERSONAL_MAX_LENGTH.subscriberPhone);
    expect(bounds.get('share_subscriptions_signature_data')).toBe(MAX_SIGNATURE_CHARS);
    const questions = STEP_FIELDS.flat().filter((def) => def.kind !== 'offices' && def.kind !== 'yesno');
    for (const def of questions) {
      if (def.kind === 'multi' || def.kind === 'choice') continue;
      expect([def.name, maxLengthOf(def)]).toEqual([def.name, bounds.get(`agent_assessments_${def.name}`)]);
    }
    expect(bounds.get('agent_assessments_agency_name')).toBe(MAX_CHARS.name);
    // What the browser extension cuts a listing's text to (it cannot import src/lib: ADR 011).
    expect(bounds.get('saved_properties_title')).toBe(EXTENSION_BOUNDS.title);
    expect(bounds.get('saved_properties_address')).toBe(EXTENSION_BOUNDS.address);
    for (const column of ['property_type', 'agent_name', 'agency_name']) {
      expect([column, bounds.get(`saved_properties_${column}`)]).toEqual([column, EXTENSION_BOUNDS.short]);
    }
    expect(bounds.get('saved_properties_key_features')).toBe(EXTENSION_BOUNDS.feature);
    const [features] = await sql<{ ok: boolean }>(
      `select exists (select 1 from pg_constraint where conname = $1) as ok`,
      [`saved_properties_key_features_at_most_${EXTENSION_BOUNDS.features}_items`],
    );
    expect(features!.ok).toBe(true);
    const [shares] = await sql<{ ok: boolean }>(
      `select exists (select 1 from pg_constraint where conname = $1) as ok`,
      [`share_subscriptions_at_most_${MAX_SHARES}_shares`],
    );
    expect(shares!.ok).toBe(true);
  });

  it('every text or list column a client may write has a bound', async () => {
    const unbounded = await sql<{ col: string }>(
      `with writable as (
         select c.relname as tbl, a.attname as col, a.attnum, a.attrelid
           from pg_attribute a join pg_class c on c.oid = a.attrelid
          where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
            and a.atttypid in ('text'::regtype, 'text[]'::regtype)
            and a.attname not in ('_writer')
            and (has_column_privilege('authenticated', a.attrelid, a.attnum, 'INSERT')
                 or has_column_privilege('authenticated', a.attrelid, a.attnum, 'UPDATE')
                 or has_column_privilege('anon', a.attrelid, a.attnum, 'INSERT')
                 or has_column_privilege('anon', a.attrelid, a.attnum, 'UPDATE')))
       select w.tbl || '.' || w.col as col from writable w
        where not exists (
          select 1 from pg_constraint k
           where k.conrelid = w.attrelid and k.contype = 'c' and w.attnum = any (k.conkey)
             and k.conname ~ '(_at_most_|_to_\\d+_chars$|_values$|_options$|_yes_no$|_10_slots$|_format$)')
        order by 1`,
    );
    expect(unbounded.map((r) => r.col)).toEqual([]);
  });

  it('refuses over-long text, a huge signature, duplicate options, too many shares, non-http URLs, by name', async () => {
    const a = await user();
    const tooLongName = await a.client
      .from('share_subscriptions')
      .insert({ user_id: a.user.id, subscriber_name: 'x'.repeat(MAX_CHARS.name + 1) });
    expectRefused(tooLongName.error, '23514', 'share_subscriptions_subscriber_name_at_most_200_chars');
    // Exactly the bound is fine.
    const atBound = await a.client
      .from('share_subscriptions')
      .insert({ id: subscriptionIdOf(a.user.id), user_id: a.user.id, subscriber_name: 'x'.repeat(MAX_CHARS.name) });
    expect(atBound.error).toBeNull();
    // The account's one open draft: gone again, so the pushes below are new drafts.
    await sql('delete from public.share_subscriptions where user_id = $1', [a.user.id]);

    const bigSignature = await refusedPush(a.client, 'share_subscriptions', {
      ...draft(a, 5000),
      signature_data: `data:image/png;base64,${'A'.repeat(MAX_SIGNATURE_CHARS)}`,
    });
    expect(bigSignature).toMatchObject({
      code: '23514',
      constraint: 'share_subscriptions_signature_data_at_most_500000_chars',
    });
    const tooMany = await refusedPush(a.client, 'share_subscriptions', {
      ...draft(a, MAX_SHARES + 1000),
    });
    expect(tooMany.constraint).toBe('share_subscriptions_at_most_1000000_shares');

    const link = await assessment();
    const [seen] = (await pull(link.client, 'agent_assessments', null)).documents;
    const cases: [Record<string, unknown>, string][] = [
      [
        { additional_requirements: 'x'.repeat(1_000_000) },
        'agent_assessments_additional_requirements_at_most_5000_chars',
      ],
      [{ agency_name: 'x'.repeat(10_000) }, 'agent_assessments_agency_name_at_most_200_chars'],
      [{ tone_of_voice: ['Friendly & Casual', 'Friendly & Casual'] }, 'agent_assessments_tone_of_voice_no_duplicates'],
      [{ website_url: 'javascript:alert(1)' }, 'agent_assessments_website_url_is_http_url'],
      [{ website_url: 'www.agency.co.uk' }, 'agent_assessments_website_url_is_http_url'],
      [
        { current_tools: ['x'.repeat(201), '', '', '', '', '', '', '', '', ''] },
        'agent_assessments_current_tools_at_most_200_chars',
      ],
    ];
    for (const [patch, rule] of cases) {
      const refused = await refusedPush(link.client, 'agent_assessments', { ...seen!, ...patch }, seen);
      expect([rule, refused.code, refused.constraint]).toEqual([rule, '23514', rule]);
    }
    const huge = await refusedPush(
      link.client,
      'agent_assessments',
      { ...seen!, tone_of_voice: Array.from({ length: 10_000 }, () => 'Friendly & Casual') },
      seen,
    );
    expect(huge.constraint).toMatch(/^agent_assessments_tone_of_voice_(no_duplicates|options)$/);
    // None of it landed; a sound answer does.
    expect((await dbRow('agent_assessments', link.id))!.agency_name).toBe('Prospect Estates');
    const ok = { ...seen!, website_url: 'https://agency.example', agency_name: 'y'.repeat(MAX_CHARS.name) };
    expect(await push(link.client, 'agent_assessments', [{ new: ok, assumed: seen! }])).toEqual({
      conflicts: [],
      errors: [],
    });

    const demo = await anonClient().from('demo_requests').insert({
      professional_type: 'agent',
      name: 'Jo Bloggs',
      company: 'Bloggs Lettings',
      email: 'jo@bloggs.test',
      phone: '020 7946 0000',
      website: 'javascript:alert(1)',
    });
    expectRefused(demo.error, '23514', 'demo_requests_website_is_http_url');

    const features = await a.client
      .from('saved_properties')
      .insert({ user_id: a.user.id, title: 'Flat', key_features: Array.from({ length: 51 }, (_, i) => `f${i}`) });
    expectRefused(features.error, '23514', 'saved_properties_key_features_at_most_50_items');
    const twice = await a.client
      .from('saved_properties')
      .insert({ user_id: a.user.id, title: 'Flat', key_features: ['Garden', 'Garden'] });
    expectRefused(twice.error, '23514', 'saved_properties_key_features_no_duplicates');
  });

  it('emails are checked as the forms check them: on signing, on submitting, on creating a link', async () => {
    expect(EMAIL_PATTERN.test('ada@example.test')).toBe(true);
    expect(HTTP_URL_PATTERN.test('https://a.b')).toBe(true);
    const a = await user();
    // A draft may hold a half-typed address ...
    await pushNew(a, 'share_subscriptions', [{ ...draft(a, 5000), subscriber_email: 'ada@' }]);
    // ... a signature may not.
    const [held] = (await pull(a.client, 'share_subscriptions', null)).documents;
    const signed = await refusedPush(
      a.client,
      'share_subscriptions',
      { ...held!, ...signedSubscription(a), subscriber_email: 'ada at example' },
      held,
    );
    expect(signed).toMatchObject({ code: '23514', constraint: 'share_subscriptions_subscriber_email_format' });

    const link = await assessment();
    const [seen] = (await pull(link.client, 'agent_assessments', null)).documents;
    const submitted = await refusedPush(
      link.client,
      'agent_assessments',
      { ...seen!, main_contact_email: 'jo@', status: 'completed' },
      seen,
    );
    expect(submitted.constraint).toBe('agent_assessments_main_contact_email_format');
    expect((await dbRow('agent_assessments', link.id))!.status).toBe('pending');
  });

  it('one sync call takes at most 200 rows: 10,000 drafts in one call store nothing', async () => {
    const a = await user();
    const rows = Array.from({ length: 10_000 }, () => ({ new: draft(a, 5000), assumed: null }));
    const { error } = await a.client.rpc('sync_push', { p_table: 'share_subscriptions', p_rows: rows });
    expect(error).toMatchObject({ code: '54000' });
    expect(error!.message).toBe('sync_batch_too_large: at most 200 rows per call, 10000 sent');
    const [count] = await sql<{ n: number }>(
      'select count(*)::int as n from public.share_subscriptions where user_id = $1',
      [a.user.id],
    );
    expect(count!.n).toBe(0);
    // The bound itself passes (the client sends 100 at a time).
    const batch = Array.from({ length: MAX_PUSH_ROWS }, () => ({ new: property(a, 'Flat'), assumed: null }));
    expect(await call(a.client, 'sync_push', { p_table: 'saved_properties', p_rows: batch })).toEqual({
      conflicts: [],
      errors: [],
    });
  });

  it('one account holds at most 20 subscriptions, 5,000 saved properties and 1,000 links of its own', async () => {
    const a = await user();
    // One open draft at most: the rest of the twenty are signed.
    await heldSubscriptions(a, MAX_SUBSCRIPTIONS_PER_USER - 1);
    await pushNew(a, 'share_subscriptions', [draft(a, 5000, MAX_SUBSCRIPTIONS_PER_USER - 1)]);
    const extra = await refusedPush(
      a.client,
      'share_subscriptions',
      signedSubscription(a, {}, MAX_SUBSCRIPTIONS_PER_USER),
    );
    expect(extra).toMatchObject({ code: '54000', constraint: 'share_subscriptions_at_most_20_per_user' });

    await sql(
      `insert into public.saved_properties (user_id, title) select $1, 'Flat ' || n from generate_series(1, $2) as n`,
      [a.user.id, MAX_SAVED_PROPERTIES_PER_USER],
    );
    const more = await refusedPush(a.client, 'saved_properties', property(a, 'One more'));
    expect(more.constraint).toBe('saved_properties_at_most_5000_per_user');
    // Removing one makes room (removed properties are kept as tombstones, and do not count).
    await sql(
      `update public.saved_properties set _deleted = true where id = (select id from public.saved_properties where user_id = $1 limit 1)`,
      [a.user.id],
    );
    await pushNew(a, 'saved_properties', [property(a, 'Room again')]);

    await sql(
      `insert into public.agent_assessments (token, created_by, agency_name)
       select md5(random()::text) || md5(random()::text), $1, 'Agency ' || n from generate_series(1, $2) as n`,
      [a.user.id, MAX_ASSESSMENTS_PER_CREATOR],
    );
    const link = await a.client
      .from('agent_assessments')
      .insert({ token: randomToken(), created_by: a.user.id, main_contact_email: 'agent@example.test' });
    expectRefused(link.error, '54000', 'agent_assessments_at_most_1000_per_creator');
    await sql('delete from public.agent_assessments where created_by = $1', [a.user.id]);
  });
});
