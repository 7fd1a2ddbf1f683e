// Stand-ins for the demo request tests: the table behind PostgREST, its answers, and rows.
import { vi } from 'vitest';
import type { DatabaseClient } from '../sync/client';
import type { DemoRequestRow } from '../features/marketing/demo-request/api/send-demo-request';

export type Answer = { error: { code: string; message: string } | null; status: number };

const OK: Answer = { error: null, status: 201 };
export const NO_CONNECTION: Answer = { error: { code: '', message: 'TypeError: Failed to fetch' }, status: 0 };
export const PHONE_REFUSED: Answer = {
  error: {
    code: '23514',
    message: 'new row for relation "demo_requests" violates check constraint "demo_requests_phone_format"',
  },
  status: 400,
};
export const ALREADY_THERE: Answer = {
  error: { code: '23505', message: 'duplicate key value violates unique constraint "demo_requests_pkey"' },
  status: 409,
};

/**
 * A stand-in for the table behind PostgREST: stores rows by id, answers a second insert of an id
 * with 23505, and answers `next` instead when a test sets it (once per call, in order).
 */
export function fakeServer() {
  const rows = new Map<string, DemoRequestRow>();
  const next: (Answer | Error)[] = [];
  let delayMs = 0;
  const insert = vi.fn(async (row: DemoRequestRow, _signal?: AbortSignal): Promise<Answer> => {
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const answer = next.shift();
    if (answer instanceof Error) throw answer;
    if (answer) return answer;
    if (rows.has(row.id)) return ALREADY_THERE;
    rows.set(row.id, row);
    return OK;
  });
  const client = {
    from: (table: string) =>
      table === 'demo_requests'
        ? { insert: (row: DemoRequestRow) => ({ abortSignal: (signal: AbortSignal) => insert(row, signal) }) }
        : null,
  };
  return {
    rows,
    insert,
    answerNext: (...answers: (Answer | Error)[]) => next.push(...answers),
    delay: (ms: number) => (delayMs = ms),
    // Only from().insert() is used; the rest of the client is not needed here.
    client: client as unknown as DatabaseClient,
  };
}

let n = 0;
export const row = (over: Partial<DemoRequestRow> = {}): DemoRequestRow => ({
  id: crypto.randomUUID(),
  professional_type: 'agent',
  name: `Ann ${++n}`,
  company: 'Agency Ltd',
  email: 'ann@example.test',
  phone: '020 7946 0000',
  description: '',
  website: '',
  marketing: false,
  ai_name: 'Chloe',
  ...over,
});
