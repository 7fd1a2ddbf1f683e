import { afterEach, describe, expect, it } from 'vitest';
import type { EmailLogDoc } from '../../data/schemas';
import { closeLocalData, localUserData } from '../../testing/local-data';
import { readVoiceContext } from './read-context';

afterEach(closeLocalData);

const NOW = new Date('2026-11-23T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString().replace('Z', '+00:00');

const email = (userId: string, n: number, receivedHoursAgo: number): EmailLogDoc => ({
  id: crypto.randomUUID(),
  user_id: userId,
  gmail_account_id: crypto.randomUUID(),
  sender_email: `sender${n}@example.com`,
  sender_name: `Sender ${n}`,
  subject: `Subject ${n}`,
  received_at: hoursAgo(receivedHoursAgo),
  reply_status: 'pending',
  replied_at: null,
  created_at: hoursAgo(receivedHoursAgo),
  updated_at: hoursAgo(receivedHoursAgo),
  serverModified: hoursAgo(receivedHoursAgo),
});

describe('the voice context read from the device (no network)', () => {
  it('takes the 5 newest saved properties and 3 emails of the last 24 hours', async () => {
    const data = await localUserData();
    await data.db.saved_properties.bulkInsert(
      [1, 2, 3, 4, 5, 6, 7].map((n) => ({
        id: crypto.randomUUID(),
        user_id: data.userId,
        title: `Property ${n}`,
        key_features: [],
        // Property 7 is the newest; one never synced (no created_at) is newer still.
        created_at: n === 7 ? null : hoursAgo(10 - n),
      })),
    );
    await data.db.email_logs.bulkInsert([
      email(data.userId, 1, 1),
      email(data.userId, 2, 5),
      email(data.userId, 3, 20),
      email(data.userId, 4, 23),
      email(data.userId, 5, 30),
    ]);

    const context = await readVoiceContext(data, 'Ada', NOW);
    expect(context.properties.map((p) => p.title)).toEqual([
      'Property 7',
      'Property 6',
      'Property 5',
      'Property 4',
      'Property 3',
    ]);
    expect(context.latestSavedProperty).toBe('Property 7');
    expect(context.emails.map((e) => e.subject)).toEqual(['Subject 1', 'Subject 2', 'Subject 3']);
    expect(context.text).toContain('The user is Ada.');
  });

  it('is empty, not broken, before the local database opens', async () => {
    const context = await readVoiceContext(null, null, NOW);
    expect(context.properties).toEqual([]);
    expect(context.text).toContain('No saved properties yet.');
  });
});
