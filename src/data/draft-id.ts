// A share-subscription draft's id, as the server derives it (supabase/schemas/shareholder/
// 30-one-open-draft.sql): every device of an account works it out alone, offline too, so devices
// and tabs that start a draft apart start the same row (docs/decisions/030-two-writers-one-truth.md).

/**
 * UUID version 8 from SHA-256 of 'chloe:share-subscription-draft:<user>:<generation>', where the
 * generation is how many of the user's subscriptions are signed or cancelled.
 */
export async function subscriptionDraftId(userId: string, generation: number): Promise<string> {
  const name = `chloe:share-subscription-draft:${userId.toLowerCase()}:${generation}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(name));
  const h = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const variant = '89ab'[Number.parseInt(h[16]!, 16) % 4]!;
  const hex = `${h.slice(0, 12)}8${h.slice(13, 16)}${variant}${h.slice(17, 32)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
