import { useEffect, useState } from 'react';
import type { RxCollection } from 'rxdb';
import type { EmailLogDoc } from '../../data/schemas';
import type { UserData } from '../../data/user-data';

// The emails the assistant handled, read from the device's own copy (email_logs is pulled, never
// pushed): what the voice assistant is told works offline and on a flaky network.

/** How many logs a read returns unless told: the voice context reads at most 10. */
export const EMAIL_LOG_READ_LIMIT = 10;

export interface RecentEmailLogsOptions {
  /** Logs received after this moment are left out (a date in the future is a clock, not news). */
  now?: Date | number;
  /** At most this many (default EMAIL_LOG_READ_LIMIT). */
  limit?: number;
}

/**
 * The newest email logs, received_at descending (ties by id), deleted ones never, at most `limit`:
 * an RxDB query (`.exec()` for the documents, `.$` to follow them).
 *
 * received_at is compared as text: Postgres sends a timestamptz in its session time zone, UTC on
 * Supabase and on the local stack, so the text sorts as the time does.
 */
export function recentEmailLogs(
  db: { email_logs: RxCollection<EmailLogDoc> },
  { now, limit = EMAIL_LOG_READ_LIMIT }: RecentEmailLogsOptions = {},
) {
  return db.email_logs.find({
    selector: now === undefined ? {} : { received_at: { $lte: new Date(now).toISOString() } },
    sort: [{ received_at: 'desc' }, { id: 'desc' }],
    limit,
  });
}

/** recentEmailLogs as plain objects, read once. */
export async function readRecentEmailLogs(
  db: { email_logs: RxCollection<EmailLogDoc> },
  options: RecentEmailLogsOptions = {},
): Promise<EmailLogDoc[]> {
  const docs = await recentEmailLogs(db, options).exec();
  return docs.map((d) => d.toJSON() as EmailLogDoc);
}

/** recentEmailLogs, live from the local database (works offline); a new pull updates it. */
export function useRecentEmailLogs(
  data: UserData | null,
  options: RecentEmailLogsOptions = {},
): { loading: boolean; emails: EmailLogDoc[] } {
  const [state, setState] = useState<{ loading: boolean; emails: EmailLogDoc[] }>({ loading: true, emails: [] });
  // Primitive dependencies: a caller passing a new options object each render does not resubscribe.
  const now = options.now === undefined ? undefined : new Date(options.now).getTime();
  const limit = options.limit;
  useEffect(() => {
    if (!data) return;
    const sub = recentEmailLogs(data.db, { now, limit }).$.subscribe((docs) =>
      setState({ loading: false, emails: docs.map((d) => d.toJSON() as EmailLogDoc) }),
    );
    return () => sub.unsubscribe();
  }, [data, now, limit]);
  return data ? state : { loading: true, emails: [] };
}
