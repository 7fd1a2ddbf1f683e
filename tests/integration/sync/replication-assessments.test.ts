// Assessment replication: a device holding only a link's token syncs that one assessment (devices.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { openAssessmentDatabase } from '../../../src/data/database';
import { startSync } from '../../../src/sync/engine';
import { assessmentSyncTables } from '../../../src/data/synced-tables';
import { createAssessmentClient } from '../../../src/lib/assessment-client';
import { closeDevices, deviceNetwork, devices, inSync, storage, until } from './devices';
import { serviceClient, sql, stack } from '../fixtures';
import type { AgentAssessmentDoc } from '../../../src/data/schemas';

afterEach(closeDevices);

describe('assessment replication by token', () => {
  async function seedAssessment(expiresInDays = 30) {
    const token = `T${crypto.randomUUID().replace(/-/g, '')}`;
    const { data, error } = await serviceClient()
      .from('agent_assessments')
      .insert({
        token,
        agency_name: 'Acme Lettings',
        main_contact_email: 'a@acme.test',
        expires_at: new Date(Date.now() + expiresInDays * 864e5).toISOString(),
      })
      .select('id')
      .single();
    if (error) throw error;
    return { token, id: data.id as string };
  }

  async function assessmentDevice(token: string) {
    const { options, setOnline, dropAnswers } = await deviceNetwork();
    // The app's own assessment client: the token travels as the x-assessment-token header.
    const client = createAssessmentClient(token, options, stack().apiUrl, stack().anonKey);
    const local = await openAssessmentDatabase({
      name: `as${crypto.randomUUID().slice(0, 8)}`,
      storage: storage(),
      multiInstance: false,
    });
    const { db } = local;
    const engine = startSync({ local, client, identifier: token, listen: false, tables: assessmentSyncTables(local) });
    const device = { db, engine, client, setOnline, dropAnswers };
    devices.push(device);
    return device;
  }

  it('a valid token receives exactly its row, and answers sync back', async () => {
    const mine = await seedAssessment();
    await seedAssessment(); // another agency's link
    const d = await assessmentDevice(mine.token);
    await inSync(d);
    const docs = await d.db.agent_assessments.find().exec();
    expect(docs.map((x) => x.id)).toEqual([mine.id]);
    await docs[0]!.incrementalPatch({ agency_name: 'Acme Lettings Ltd', tone_of_voice: ['Calm & Reassuring'] });
    await inSync(d);
    const [row] = await sql('select agency_name, tone_of_voice from agent_assessments where id = $1', [mine.id]);
    expect(row).toEqual({ agency_name: 'Acme Lettings Ltd', tone_of_voice: ['Calm & Reassuring'] });
  });

  it('a wrong or expired token receives nothing', async () => {
    const expired = await seedAssessment(-1);
    await seedAssessment();
    for (const token of [expired.token, 'WrongToken0000000000000000']) {
      const d = await assessmentDevice(token);
      await inSync(d);
      expect(await d.db.agent_assessments.count().exec()).toBe(0);
    }
  });

  // Soak seed 9385: A ticks an option and goes offline before the answer comes; B ticks another
  // over it; A unticks its own (with or without another change), and comes back. The merge counts
  // A's tick as landed (merge-base.ts), so the untick stands. Untick alone brings A's document back
  // to the state RxDB assumes the server holds: it is pushed all the same (conflict-handler.ts).
  it.each([
    ['and types a greeting', { preferred_greeting: 'Hello from A' }],
    ['and changes nothing else', {}],
  ])('a tick whose answer was lost, then a tick elsewhere: the device’s later untick stands (%s)', async (_, more) => {
    const { token, id } = await seedAssessment();
    const a = await assessmentDevice(token);
    const b = await assessmentDevice(token);
    await inSync(a, b);
    const tone = async () =>
      (await sql<{ tone: string[] }>('select tone_of_voice as tone from agent_assessments where id = $1', [id]))[0]!
        .tone;
    const tick = async (
      device: typeof a,
      value: AgentAssessmentDoc['tone_of_voice'],
      also: Record<string, string> = {},
    ) => (await device.db.agent_assessments.findOne(id).exec())!.incrementalPatch({ tone_of_voice: value, ...also });

    a.dropAnswers(1);
    await tick(a, ['Calm & Reassuring']);
    await until(tone, (t) => t.includes('Calm & Reassuring'));
    a.setOnline(false);
    await inSync(b);
    await tick(b, ['Calm & Reassuring', 'Professional & Polished']);
    await inSync(b);
    await until(tone, (t) => t.length === 2);
    await tick(a, [], more);
    a.setOnline(true);
    await inSync(a, a, b);

    expect(await tone()).toEqual(['Professional & Polished']);
    expect((await a.db.agent_assessments.findOne(id).exec())!.tone_of_voice).toEqual(['Professional & Polished']);
    expect((await b.db.agent_assessments.findOne(id).exec())!.tone_of_voice).toEqual(['Professional & Polished']);
  });
});
