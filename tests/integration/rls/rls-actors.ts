// Shared by the RLS tests (rls-*.test.ts): who acts, and the rows and tokens they act on.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, clientWithKey, deleteUsers, newUser, randomToken, serviceClient, sql, stack } from '../fixtures';

export type Actor =
  | 'anon'
  | 'owner'
  | 'other user'
  | 'signed-in user'
  | 'token holder'
  | 'token holder (signed in)'
  | 'creator with token'
  | 'wrong token'
  | 'expired token'
  | 'service role';

// Fixed per run: the target rows.
export const ids = {
  savedProperty: randomUUID(),
  gmailAccount: randomUUID(),
  emailLog: randomUUID(),
  demoRequest: randomUUID(),
  draftSubscription: randomUUID(),
  signedSubscription: randomUUID(),
  assessment: randomUUID(),
  expiredAssessment: randomUUID(),
};
export const tokens = { main: randomToken(), expired: randomToken(), wrong: randomToken() };

interface User {
  id: string;
  client: SupabaseClient;
}
export let owner: User;
let other: User;
let tokenUser: User;
export const clients = new Map<Actor, SupabaseClient>();

/** Signs the three users up and makes every actor's client. */
export async function signInActors() {
  const [o, x, t] = await Promise.all([newUser(), newUser(), newUser({ 'x-assessment-token': tokens.main })]);
  owner = { id: o.user.id, client: o.client };
  other = { id: x.user.id, client: x.client };
  tokenUser = { id: t.user.id, client: t.client };
  clients.set('anon', anonClient());
  clients.set('owner', owner.client);
  clients.set('signed-in user', owner.client);
  clients.set('other user', other.client);
  clients.set('token holder', anonClient({ 'x-assessment-token': tokens.main }));
  clients.set('token holder (signed in)', tokenUser.client);
  // A link's creator, signed in, who also holds the link's token (they were shown the link).
  clients.set(
    'creator with token',
    clientWithKey(stack().anonKey, {
      'x-assessment-token': tokens.main,
      authorization: `Bearer ${o.session.access_token}`,
    }),
  );
  clients.set('wrong token', anonClient({ 'x-assessment-token': tokens.wrong }));
  clients.set('expired token', anonClient({ 'x-assessment-token': tokens.expired }));
  clients.set('service role', serviceClient());
}

/** Removes what the actors' users and the target rows left behind. */
export async function removeActors() {
  if (!owner || !other || !tokenUser) return; // beforeAll failed: nothing was created
  await sql('delete from public.agent_assessments where created_by = any($1) or id = any($2)', [
    [owner.id, other.id, tokenUser.id],
    [ids.assessment, ids.expiredAssessment],
  ]);
  await sql('delete from public.demo_requests where id = $1', [ids.demoRequest]);
  // Everything else is per-user and goes with its user (on delete cascade).
  await deleteUsers([owner.id, other.id, tokenUser.id]);
}
