// The saved property every bench makes (in Node and, through the harness, in Chromium). A mover's
// saved list: an account may hold 5,000 saved properties but only 20 subscriptions
// (src/lib/limits.ts), so the thousand rows made offline are saved properties.
export const savedProperty = (userId: string, i: number, series = '') => ({
  id: crypto.randomUUID(),
  user_id: userId,
  title: `Bench flat ${series}${i}`,
  address: `${series}${i} Bench Street, London`,
  price: 250_000 + i,
  bedrooms: 2,
  property_type: 'flat',
  key_features: ['Garden'],
  agent_name: null,
  agency_name: null,
});
