// What both wizards' sequences share: the run's state, fresh values, waiting for the device to
// hold a save, and the end (everything online and synced, then the invariant).
import { expect, type Page } from '@playwright/test';
import { readCollection, reload, setOffline, waitSynced, type Device } from './device';
import { Model, same, type LoggedConflict, type Scalar, type Verdict } from './model';
import type { Rng } from './prng';

export interface Run {
  seed: number;
  rng: Rng;
  model: Model;
  devices: Device[];
  values: Values;
  /** Violations other than a lost value: UI messages, refused values saved, outbox entries left, no sync. */
  problems: string[];
  trace: string[];
  /** The field each device typed into last. */
  lastTyped: Map<string, string>;
  /** What two writers got wrong (ADR 030): values not whole, second open drafts, values kept more than once a burst. */
  counts: Counts;
}

export interface Counts {
  spliced: number;
  secondDrafts: number;
  extraEntries: number;
}

export interface Outcome {
  verdict: Verdict;
  /** Outbox entries left on the devices after everything synced. */
  outboxLeft: number;
  problems: string[];
  trace: string[];
  acknowledgementsDropped: number;
  counts: Counts;
}

export function newRun(seed: number, rng: Rng, model: Model): Run {
  return {
    seed,
    rng,
    model,
    devices: [],
    values: new Values(rng),
    problems: [],
    trace: [],
    lastTyped: new Map(),
    counts: { spliced: 0, secondDrafts: 0, extraEntries: 0 },
  };
}

const WORDS = ['Maple', 'Harbour', 'Cedar', 'Willow', 'Quarry', 'Orchard', 'Beacon', 'Meadow', 'Falcon', 'Linden'];

/** Random values no other edit of the sequence has, so a value names the edit that made it. */
export class Values {
  private n = 0;
  private readonly used = new Set<number>();

  constructor(private readonly rng: Rng) {}

  text(prefix: string) {
    return `${prefix} ${this.rng.pick(WORDS)} ${++this.n}`;
  }

  email() {
    return `${this.rng.pick(WORDS).toLowerCase()}.${++this.n}@example.test`;
  }

  phone() {
    return `07${String(this.rng.int(0, 999)).padStart(3, '0')} ${String(++this.n).padStart(6, '0')}`;
  }

  url() {
    return `https://${this.rng.pick(WORDS).toLowerCase()}-${++this.n}.example.test`;
  }

  /** A number typed edits must not repeat (a value the row starts with). */
  reserve(value: number) {
    this.used.add(value);
  }

  /** A whole number in [min, max] not used before in this sequence. */
  unique(min: number, max: number, step = 1) {
    for (;;) {
      const v = min + step * this.rng.int(0, Math.floor((max - min) / step));
      if (!this.used.has(v)) {
        this.used.add(v);
        return v;
      }
    }
  }
}

/** People work in bursts: the device that acted last acts again more often than not. */
export function nextActor<T>(run: Run, all: readonly T[], last: T | undefined): T {
  return last !== undefined && run.rng.chance(0.6) ? last : run.rng.pick(all);
}

/**
 * The field to type into: half the time the one this device typed into last, when it is on this
 * step (a person correcting what they just typed; with a lost acknowledgement, the newer edit).
 */
export function chooseField<T extends { column: string }>(run: Run, device: string, fields: readonly T[]): T {
  const again = fields.find((f) => f.column === run.lastTyped.get(device));
  const field = again && run.rng.chance(0.5) ? again : run.rng.pick(fields);
  run.lastTyped.set(device, field.column);
  return field;
}

/** A sequence that broke off (a step the page did not allow): its error says what happened before. */
export function withTrace(error: unknown, run: Run): unknown {
  if (error instanceof Error) error.message += `\n--- what happened (seed ${run.seed})\n${run.trace.join('\n')}`;
  return error;
}

/** Polls until `check` holds (or `timeout`); false when it never did. */
export async function eventually(check: () => Promise<boolean>, timeout = 5_000): Promise<boolean> {
  try {
    await expect.poll(check, { timeout, intervals: [50, 100, 200] }).toBe(true);
    return true;
  } catch {
    return false;
  }
}

/** A text field's value as the device holds it: empty text is null, as the wizards store it. */
export const stored = (value: unknown): Scalar =>
  value === undefined || value === null || value === '' ? null : (value as Scalar);

export interface Ending {
  /** Reopens the wizard after a reload and waits until it is drawn. */
  ready: (page: Page) => Promise<void>;
  /** The row as Postgres holds it, by field. */
  serverRow: () => Promise<Record<string, unknown>>;
  /** The synced collection the conflict log entries must be about, and the document. */
  table: string;
  docId: () => Promise<string>;
}

/**
 * Both devices online; each reloaded until its status says every change is synced;
 * then Postgres and every device's conflict log and outbox, read from IndexedDB.
 */
export async function finish(run: Run, ending: Ending): Promise<Outcome> {
  for (const device of run.devices) if (device.offline) await setOffline(device, false);
  // One round is enough: once a device says it is synced its outbox has reached Postgres (a
  // conflict is merged and logged on the device that pushes), and the last one to sync sees the rest.
  for (const device of run.devices) {
    await reload(device);
    await ending.ready(device.page);
    const status = await waitSynced(device.page, 20_000);
    if (status !== null) run.problems.push(`device ${device.name} never said 'All changes synced': '${status}'`);
  }

  const docId = await ending.docId();
  const conflicts: LoggedConflict[] = [];
  let outboxLeft = 0;
  for (const device of run.devices) {
    for (const entry of await readCollection(device.page, 'conflict_log')) {
      if (entry.table !== ending.table || entry.docId !== docId) continue;
      conflicts.push({
        device: device.name,
        field: String(entry.field),
        local: JSON.parse(String(entry.local)) as unknown,
        server: JSON.parse(String(entry.server)) as unknown,
        replacedBy: String(entry.replacedBy),
        // A burst's value on the way (its entry says its last), or one put back since.
        seen: entry.reviewed === true,
      });
    }
    // Waiting changes only: an accepted state kept a moment for its late record is not one
    // (src/sync/outbox.ts; Dexie stores the indexed boolean as '1' / '0').
    const outbox = (await readCollection(device.page, 'outbox')).filter((e) => e.waiting === true || e.waiting === '1');
    outboxLeft += outbox.length;
    for (const entry of outbox) {
      run.problems.push(
        `device ${device.name}: outbox entry left for ${String(entry.table)} ${String(entry.docId)}` +
          (typeof entry.lastError === 'string' ? ` (${entry.lastError})` : ''),
      );
    }
  }
  const verdict = run.model.check(await ending.serverRow(), conflicts);
  for (const c of conflicts) {
    run.trace.push(
      `conflict log on ${c.device}: ${c.field} local ${JSON.stringify(c.local)} server ${JSON.stringify(c.server)} (${c.replacedBy}${c.seen ? ', seen' : ''})`,
    );
  }
  return {
    verdict,
    outboxLeft,
    problems: run.problems,
    trace: run.trace,
    acknowledgementsDropped: run.devices.reduce((n, d) => n + d.dropped, 0),
    counts: { ...run.counts, spliced: run.counts.spliced + verdict.spliced },
  };
}

/** Records a problem when a device's local copy of `field` does not reach `expected` in time. */
export async function expectLocal(
  run: Run,
  device: Device,
  read: () => Promise<Record<string, unknown> | undefined>,
  field: string,
  expected: (value: unknown) => boolean,
  what: string,
  /** Asked when the device's copy does not match: whether the save is evident elsewhere. */
  otherwise?: () => Promise<boolean>,
) {
  const ok = await eventually(async () => expected((await read())?.[field]) || ((await otherwise?.()) ?? false));
  if (!ok) run.problems.push(`device ${device.name}: ${what} (${field} is ${JSON.stringify((await read())?.[field])})`);
  return ok;
}

/**
 * Records a problem when a saved value never shows on the device. It may show only for a moment:
 * a push that meets another device's edit is merged at once, so the value is then in this
 * device's conflict log, or it reached Postgres before something else replaced it on the device.
 */
export async function expectSaved(
  run: Run,
  device: Device,
  read: () => Promise<Record<string, unknown> | undefined>,
  field: string,
  value: Scalar,
  what: string,
  server: () => Promise<Record<string, unknown> | undefined>,
) {
  return expectLocal(
    run,
    device,
    read,
    field,
    (v) => same(stored(v), value),
    what,
    async () => {
      const log = await readCollection(device.page, 'conflict_log');
      if (log.some((c) => c.field === field && same(JSON.parse(String(c.local)), value))) return true;
      return same(stored((await server())?.[field]), value);
    },
  );
}

export { same };
