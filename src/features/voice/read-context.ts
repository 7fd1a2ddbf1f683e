import { newestBy } from '../../sync/rows';
import type { UserData } from '../../data/user-data';
import { readRecentEmailLogs } from './email-logs';
import { buildVoiceContext, CONTEXT_EMAIL_READ, CONTEXT_PROPERTIES, type VoiceContext } from './voice-context';

/** The user context from the local database (works offline and on a flaky network). */
export async function readVoiceContext(
  data: UserData | null,
  userName: string | null,
  now = new Date(),
): Promise<VoiceContext> {
  if (!data) return buildVoiceContext({ properties: [], emails: [], now, userName });
  const [docs, emails] = await Promise.all([
    data.db.saved_properties.find().exec(),
    readRecentEmailLogs(data.db, { now, limit: CONTEXT_EMAIL_READ }),
  ]);
  const properties = docs
    .map((d) => d.toJSON())
    .sort(newestBy((d) => d.created_at))
    .slice(0, CONTEXT_PROPERTIES);
  return buildVoiceContext({ properties, emails, now, userName });
}
