// Who may do what, through the real API (gateway -> PostgREST -> Postgres RLS), for every table x
// actor x operation. One `it` per cell; the last test checks every cell ran.
// The cases are in rls-cases.ts, the actors and their clients in rls-actors.ts.
//
// Cell semantics:
// - Each cell acts on one target row belonging to `owner`, restored to a known state first (via
//   SQL as the superuser), and filters by the row's key, so "0 rows" means RLS hid it.
// - select -> how many rows the actor sees; update/delete -> how many rows the statement
//   returned (`.select(key)`: a table may keep a column from clients), double-checked in the
//   database; insert -> a new row *belonging to the owner* (for anyone else that is an attempt to write into the owner's data), checked in the
//   database. '42501' = refused (no privilege, or an RLS WITH CHECK failure).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../fixtures';
import { type Actor, clients, removeActors, signInActors } from './rls-actors';
import { cases, cleanup, D, OK, type Op, OPS, type Outcome, type Row, type TableCase } from './rls-cases';

const describeOutcome = (o: Outcome) => (typeof o === 'number' ? `${o} row${o === 1 ? '' : 's'}` : o);

async function countRows(table: string, key: string, value: string) {
  const rows = await sql<{ n: number }>(`select count(*)::int as n from public.${table} where ${key} = $1`, [value]);
  return rows[0]?.n ?? 0;
}

async function runCell(c: TableCase, actor: Actor, op: Op, expected: Outcome) {
  const client = clients.get(actor);
  if (!client) throw new Error(`no client for ${actor}`);
  await c.reset();
  const target = c.target(actor);
  const from = () => client.from(c.table);

  if (op === 'insert') {
    const row = await c.newRow(actor);
    const value = String(row[c.key]);
    cleanup.unshift({ table: c.table, key: c.key, value });
    try {
      // No .select(): Prefer return=minimal, so only the INSERT right is exercised.
      const { error } = await from().insert(row);
      const landed = await countRows(c.table, c.key, value);
      if (expected === OK) {
        expect(error).toBeNull();
        expect(landed).toBe(1);
      } else {
        expect(error?.code).toBe(expected);
        expect(landed).toBe(0);
      }
    } finally {
      for (const r of cleanup.splice(0)) await sql(`delete from public.${r.table} where ${r.key} = $1`, [r.value]);
    }
    return;
  }

  const { data, error } =
    op === 'select'
      ? await from().select(c.key).eq(c.key, target)
      : op === 'update'
        ? await from()
            .update({ [c.patch[0]]: c.patch[1] })
            .eq(c.key, target)
            .select(c.key)
        : await from().delete().eq(c.key, target).select(c.key);

  if (expected === D) {
    expect(error?.code).toBe(D);
  } else {
    expect(error).toBeNull();
    expect(data).toHaveLength(expected as number);
  }

  // What really happened in the database, whatever the API said.
  if (op === 'update') {
    const rows = await sql<Row>(`select ${c.patch[0]} as v from public.${c.table} where ${c.key} = $1`, [target]);
    const changed = String(rows[0]?.v) === String(c.patch[1]);
    expect(changed).toBe(expected === 1);
  }
  if (op === 'delete') {
    expect(await countRows(c.table, c.key, target)).toBe(expected === 1 ? 0 : 1);
  }
}

const cells = cases.flatMap((c) =>
  Object.entries(c.expected).flatMap(([actor, byOp]) =>
    OPS.map((op) => ({ c, actor: actor as Actor, op, expected: byOp[op] })),
  ),
);
const passed: string[] = [];

beforeAll(signInActors);

afterAll(removeActors);

describe('RLS matrix', () => {
  for (const { c, actor, op, expected } of cells) {
    const name = `${c.table} · ${actor} · ${op} → ${describeOutcome(expected)}`;
    it(name, async () => {
      await runCell(c, actor, op, expected);
      passed.push(name);
    });
  }

  it(`summary: all ${cells.length} cells ran and held`, async ({ annotate }) => {
    const perTable = cases.map((c) => `${c.table}: ${cells.filter((cell) => cell.c === c).length}`);
    // The summary is a test annotation: reporters show it with the test, not on the console.
    await annotate(`RLS matrix: ${passed.length}/${cells.length} cells held (${perTable.join(', ')})`);
    expect(passed).toHaveLength(cells.length);
  });
});
