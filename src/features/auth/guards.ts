import type { User } from '@supabase/supabase-js';
import { redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import type { KnownSession, SessionState } from './session';

// The router decides who may see what: these run in routes' beforeLoad, reading the session from
// the router context (main.tsx keeps it current and re-runs them when it changes).

export interface AuthRouterContext {
  session: SessionState;
  /** The first known session: a guard waits on it while the stored session is still being read. */
  sessionKnown: Promise<KnownSession>;
}

type GuardArgs = { context: AuthRouterContext; location: { href: string } };

function allow(session: KnownSession, location: { href: string }): { user: User } {
  if (session.status === 'signed-in') return { user: session.user };
  throw redirect({ to: '/auth', search: { redirect: location.href }, replace: true });
}

/**
 * The authenticated layout's guard: a signed-out visitor goes to /auth, which brings them back
 * here after signing in; a signed-in one gets `user` in the route context. Synchronous once the
 * session is known, so a guarded page never flashes 'Loading...'.
 */
export function requireSignedIn({ context, location }: GuardArgs): { user: User } | Promise<{ user: User }> {
  if (context.session.status === 'loading') return context.sessionKnown.then((session) => allow(session, location));
  return allow(context.session, location);
}

/**
 * /auth's search: where to go after signing in — a path of this app, nothing else. A second
 * slash or a backslash after the first would make it another site ('//x', and '/\\x' which
 * browsers read as '//x').
 */
export const authSearchSchema = v.object({
  redirect: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\/(?![/\\])/))), undefined),
  /** Which form to open with: 'recover' is 'Forgot password?' (a reset link that has expired sends people there). */
  mode: v.fallback(v.optional(v.picklist(['sign-in', 'sign-up', 'recover'])), undefined),
});

/** /auth's guard: a signed-in visitor goes where they were going, or to the dashboard. */
export function leaveAuthWhenSignedIn({
  context,
  search,
}: {
  context: AuthRouterContext;
  search: v.InferOutput<typeof authSearchSchema>;
}) {
  if (context.session.status === 'signed-in') throw redirect({ href: search.redirect ?? '/dashboard', replace: true });
}
