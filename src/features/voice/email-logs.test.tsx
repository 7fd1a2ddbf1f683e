// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeLocalData, localUserData } from '../../testing/local-data';
import type { EmailLogDoc } from '../../data/schemas';
import { readRecentEmailLogs, recentEmailLogs, useRecentEmailLogs } from './email-logs';

afterEach(closeLocalData);

const NOW = Date.parse('2026-11-23T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString().replace('Z', '+00:00');

// As a pull stores them: Postgres' text for timestamps (UTC, +00:00), the server's write time kept.
const log = (userId: string, subject: string, receivedHoursAgo: number, over: Partial<EmailLogDoc> = {}) =>
  ({
    id: crypto.randomUUID(),
    user_id: userId,
    gmail_account_id: crypto.randomUUID(),
    sender_email: `${subject.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    sender_name: subject,
    subject,
    received_at: hoursAgo(receivedHoursAgo),
    reply_status: 'pending',
    replied_at: null,
    created_at: hoursAgo(receivedHoursAgo),
    updated_at: hoursAgo(receivedHoursAgo),
    serverModified: hoursAgo(receivedHoursAgo),
    ...over,
  }) satisfies EmailLogDoc;

describe('recentEmailLogs', () => {
  it('reads the 10 newest by received_at, newest first, never a deleted one', async () => {
    const data = await localUserData();
    // Inserted out of order: 12 logs, 1 to 12 hours old, and a deleted one newer than all.
    const hours = [5, 1, 12, 3, 8, 2, 11, 4, 10, 6, 9, 7];
    await data.db.email_logs.bulkInsert(hours.map((h) => log(data.userId, `Email ${h}h`, h)));
    const gone = log(data.userId, 'Gone', 0.5);
    await data.db.email_logs.insert(gone);
    await (await data.db.email_logs.findOne(gone.id).exec())!.remove();

    const docs = await recentEmailLogs(data.db).exec();
    expect(docs.map((d) => d.subject)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((h) => `Email ${h}h`));
    expect((await recentEmailLogs(data.db, { limit: 3 }).exec()).map((d) => d.subject)).toEqual([
      'Email 1h',
      'Email 2h',
      'Email 3h',
    ]);
  });

  it('leaves out logs received after `now`, and orders sub-second times and ties as the clock does', async () => {
    const data = await localUserData();
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()].sort();
    await data.db.email_logs.bulkInsert([
      log(data.userId, 'Future', -1),
      log(data.userId, 'Whole second', 0, { received_at: '2026-11-23T11:00:00+00:00' }),
      log(data.userId, 'Fraction', 0, { received_at: '2026-11-23T11:00:00.5+00:00' }),
      log(data.userId, 'Micro', 0, { received_at: '2026-11-23T11:00:00.123456+00:00' }),
      log(data.userId, 'Tie a', 0, { id: a!, received_at: '2026-11-23T10:00:00+00:00' }),
      log(data.userId, 'Tie b', 0, { id: b!, received_at: '2026-11-23T10:00:00+00:00' }),
    ]);
    const read = await readRecentEmailLogs(data.db, { now: new Date(NOW) });
    expect(read.map((d) => d.subject)).toEqual(['Fraction', 'Micro', 'Whole second', 'Tie b', 'Tie a']);
    // Plain objects, every field the voice context needs.
    expect(read[0]).toMatchObject({ sender_email: 'fraction@example.com', sender_name: 'Fraction' });
    expect((await readRecentEmailLogs(data.db)).map((d) => d.subject)[0]).toBe('Future');
  });

  it('an empty device reads nothing', async () => {
    const data = await localUserData();
    expect(await readRecentEmailLogs(data.db, { now: NOW })).toEqual([]);
  });
});

describe('useRecentEmailLogs', () => {
  it('follows the local database: a pulled log appears, a deleted one goes', async () => {
    const data = await localUserData();
    const first = log(data.userId, 'First', 2);
    await data.db.email_logs.insert(first);
    const { result } = renderHook(() => useRecentEmailLogs(data, { now: NOW, limit: 10 }));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.emails.map((e) => e.subject)).toEqual(['First']);

    await data.db.email_logs.insert(log(data.userId, 'Second', 1));
    await waitFor(() => expect(result.current.emails.map((e) => e.subject)).toEqual(['Second', 'First']));
    await (await data.db.email_logs.findOne(first.id).exec())!.remove();
    await waitFor(() => expect(result.current.emails.map((e) => e.subject)).toEqual(['Second']));
  });

  it('is loading while there is no database', () => {
    const { result } = renderHook(() => useRecentEmailLogs(null));
    expect(result.current).toEqual({ loading: true, emails: [] });
  });
});
