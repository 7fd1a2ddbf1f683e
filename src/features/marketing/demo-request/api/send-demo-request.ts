// One demo request sent to public.demo_requests. Each request carries a client id: re-sending one
// the server already has is refused with 23505 on the primary key, which counts as received — so a
// lost answer, a reload mid-send or a second tab never make a duplicate.
import type { Database } from '../../../../generated/database.types';
import type { DatabaseClient } from '../../../../sync/client';

/** A row for public.demo_requests, with the client's id. */
export type DemoRequestRow = Required<Omit<Database['public']['Tables']['demo_requests']['Insert'], 'created_at'>>;

/** Why the database refused a request: retrying will not change it (a check, a type, a policy). */
export interface DemoRequestRefusal {
  code: string;
  message: string;
  /** The constraint Postgres named, when it did. */
  constraint: string | null;
}

export type SendOutcome =
  /** Stored (or already stored under this id). */
  | { kind: 'sent' }
  /** The request never got an answer: no connection, or the server cannot be reached. */
  | { kind: 'offline'; message: string }
  | { kind: 'refused'; refusal: DemoRequestRefusal }
  /** An answer that is not a refusal of this request (a server error): worth trying again later. */
  | { kind: 'failed'; message: string };

const ALREADY_RECEIVED = 'demo_requests_pkey';
const SEND_TIMEOUT_MS = 30_000;

export const TOO_MANY_DEMO_REQUESTS =
  'Too many demo requests have come from here in the last hour. Please try again later.';

/** The constraint an error message names ('… violates check constraint "x"'). */
function constraintOf(message: string): string | null {
  return /constraint "([^"]+)"/.exec(message)?.[1] ?? null;
}

/** One insert, return=minimal (anonymous clients may not read the table back); never throws. */
export async function sendDemoRequest(client: DatabaseClient, row: DemoRequestRow): Promise<SendOutcome> {
  let result;
  try {
    // A request that hangs (a dead connection) is given up and kept, not waited on for minutes
    // while it holds the send lock; the same id makes a late arrival harmless.
    result = await client.from('demo_requests').insert(row).abortSignal(AbortSignal.timeout(SEND_TIMEOUT_MS));
  } catch (error) {
    // postgrest-js reports a failed fetch as status 0; an abort (the timeout) is what it throws.
    return { kind: 'offline', message: error instanceof Error ? error.message : String(error) };
  }
  const { error, status } = result;
  if (!error) return { kind: 'sent' };
  if (status === 0) return { kind: 'offline', message: error.message };
  const constraint = constraintOf(error.message);
  if (error.code === '23505' && constraint === ALREADY_RECEIVED) return { kind: 'sent' };
  // The server's rates (per place, per network, per hour): worth trying again later, said without its rule.
  if (error.code === '54000') return { kind: 'failed', message: TOO_MANY_DEMO_REQUESTS };
  // Class 22 (bad data), 23 (a constraint), 42 (a policy, a privilege): the same row gets the same answer.
  if (/^(22|23|42)/.test(error.code ?? '')) {
    return { kind: 'refused', refusal: { code: error.code, message: error.message, constraint } };
  }
  return { kind: 'failed', message: error.message || `The server answered ${status}` };
}
