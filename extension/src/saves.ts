// Saving a listing to saved_properties: a new row with the client's id, or, for a listing this user
// already saved (same portal and portal id, not removed), an update of that row. What the server
// says is sorted into saved, worth sending again later (no connection, the server's trouble), or
// refused (a rule the row breaks: sending it again would not help).
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/generated/database.types';
import type { SaveRequest } from './messages';

export type Client = SupabaseClient<Database>;

export type SendResult =
  | { kind: 'saved'; id: string; updated: boolean }
  | { kind: 'retry'; message: string }
  | { kind: 'refused'; message: string };

/** The columns of saved_properties a save writes. */
export function toRow(userId: string, request: SaveRequest) {
  const f = request.fields;
  return {
    user_id: userId,
    title: f.title,
    address: f.address,
    price: f.price,
    bedrooms: f.bedrooms,
    property_type: f.propertyType,
    key_features: f.keyFeatures,
    agent_name: f.agentName,
    agency_name: f.agencyName,
    listing_url: request.url,
    portal: request.portal,
    portal_id: request.portalId,
  };
}

/**
 * Refused: the row breaks a rule (Postgres classes 22 and 23: bad data, a check; 54: a limit such
 * as the 5,000 properties an account may keep). Anything else is worth trying again: no answer,
 * the server's trouble, a session to renew (401), or a server not yet ready for this row (a
 * column it does not know yet, a stale schema cache): the save waits rather than being lost.
 */
function sort(error: PostgrestError, status: number): SendResult {
  if (/^(22|23|54)/.test(error.code ?? '')) return { kind: 'refused', message: error.message };
  if (status === 401) return { kind: 'retry', message: 'Your session needs renewing' };
  return { kind: 'retry', message: error.message || 'Chloe could not be reached' };
}

/** The live row of this listing for this user, or null. Not retried here: the queue does that. */
async function existing(client: Client, request: SaveRequest) {
  return client
    .from('saved_properties')
    .select('id')
    .eq('portal', request.portal)
    .eq('portal_id', request.portalId)
    .eq('_deleted', false)
    .maybeSingle()
    .retry(false);
}

export async function sendSave(client: Client, userId: string, request: SaveRequest): Promise<SendResult> {
  const row = toRow(userId, request);
  // Twice at most: an insert that meets a row saved meanwhile (another device, a lost answer) updates it.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let found;
    try {
      found = await existing(client, request);
    } catch (error) {
      return { kind: 'retry', message: error instanceof Error ? error.message : String(error) };
    }
    if (found.error) return sort(found.error, found.status);
    if (found.data) {
      const updated = await client.from('saved_properties').update(row).eq('id', found.data.id);
      if (updated.error) return sort(updated.error, updated.status);
      return { kind: 'saved', id: found.data.id, updated: true };
    }
    const inserted = await client.from('saved_properties').insert({ id: request.id, ...row });
    if (!inserted.error) return { kind: 'saved', id: request.id, updated: false };
    // 23505: this id or this listing is there already (an answer lost, a save meanwhile): update it.
    if (inserted.error.code !== '23505') return sort(inserted.error, inserted.status);
    if (inserted.error.message.includes('saved_properties_pkey')) {
      // This very save arrived before (its answer was lost) and the user has removed it since, in
      // the app: it was saved, and is not brought back.
      const mine = await client
        .from('saved_properties')
        .select('_deleted')
        .eq('id', request.id)
        .maybeSingle()
        .retry(false);
      if (mine.error) return sort(mine.error, mine.status);
      if (mine.data?._deleted) return { kind: 'saved', id: request.id, updated: false };
    }
  }
  return { kind: 'retry', message: 'The listing was being saved elsewhere at the same moment' };
}
