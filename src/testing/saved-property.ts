import type { SavedPropertyDoc } from '../data/schemas';

/** A saved property as the device stores it: little captured unless `overrides` says more. */
export const savedProperty = (overrides: Partial<SavedPropertyDoc> = {}): SavedPropertyDoc => ({
  id: crypto.randomUUID(),
  user_id: crypto.randomUUID(),
  title: null,
  address: null,
  price: null,
  bedrooms: null,
  property_type: null,
  key_features: [],
  agent_name: null,
  agency_name: null,
  created_at: '2026-11-22T12:00:00.000Z',
  ...overrides,
});
