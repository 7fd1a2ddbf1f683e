import { createHash } from 'node:crypto';

/**
 * The id a user's share subscription takes when `generation` of theirs are already signed or
 * cancelled (supabase/schemas/shareholder/30-one-open-draft.sql; the app's src/data/draft-id.ts):
 * the server refuses a new subscription under any other id. Synchronous, for test set-ups.
 */
export function subscriptionIdOf(userId: string, generation = 0): string {
  const h = createHash('sha256')
    .update(`chloe:share-subscription-draft:${userId.toLowerCase()}:${generation}`)
    .digest('hex');
  const hex = `${h.slice(0, 12)}8${h.slice(13, 16)}${'89ab'[Number.parseInt(h[16]!, 16) % 4]}${h.slice(17, 32)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
