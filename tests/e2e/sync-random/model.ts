// What the devices did, and the end-state invariant of docs/decisions/013-sync-never-loses-an-edit.md:
// every field's last value is in Postgres or in the conflict log with a both-sides edit to explain it.
//
// The model records only what a person did: a value typed on a device and saved there (both
// wizards save every change as it is typed). A value the form re-saves without anyone typing it
// (an untouched field of a stale form) is not an edit, so it can never excuse overwriting someone
// else's edit.
//
// With each save goes its basis: the values this field had in the device's local database just
// before the edit (read from IndexedDB). A save whose basis holds another device's value replaced
// that value knowingly (the person saw it), which is not a loss.

export type Scalar = string | number | null;

export interface Save {
  device: string;
  field: string;
  value: Scalar;
  basis: Scalar[];
  seq: number;
  /** The action of the sequence that saved it (as in the trace). */
  at: number;
}

export interface ListOp {
  device: string;
  field: string;
  item: string;
  present: boolean;
  seq: number;
  at: number;
}

/** A conflict-log entry as stored on a device (local and server JSON-decoded). */
export interface LoggedConflict {
  device: string;
  field: string;
  local: unknown;
  server: unknown;
  /** What replaced it (ADR 023): 'final' when the row was signed elsewhere. */
  replacedBy: string;
  seen?: boolean;
}

export interface Verdict {
  checked: number;
  lost: number;
  logged: number;
  /** Fields whose value in Postgres nobody typed whole (a splice of two writers' values). */
  spliced: number;
  problems: string[];
  /** Per edited field: what Postgres holds and each device's last edit (for the report). */
  details: string[];
}

/** One edited scalar field as checkScalar's parts read it. */
interface EditedField {
  field: string;
  inServer: unknown;
  conflicts: LoggedConflict[];
  /** Every save of the field, in order. */
  saves: Save[];
  /** Each device's last save of the field. */
  last: Save[];
  setAsideByFinal: (t: Save) => boolean;
}

export const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);
/** The device whose conflict log a save's device writes to: a second tab (`A'`) shares its device's. */
const logOf = (device: string) => device.replace(/'$/, '');
const show = (v: unknown) => JSON.stringify(v ?? null);

export class Model {
  private seq = 0;
  /** The action being done (set by the sequence before each one). */
  at = -1;
  readonly saves: Save[] = [];
  readonly ops: ListOp[] = [];
  /** The device that made the row final (signed it), once one has. */
  finalBy: string | null = null;

  constructor(
    /** Every scalar field checked, with its value before the sequence. */
    readonly initial: Record<string, Scalar>,
    /** Every list field checked (empty before the sequence). */
    readonly listFields: readonly string[] = [],
  ) {}

  save(device: string, field: string, value: Scalar, basis: Scalar[]) {
    this.saves.push({ device, field, value, basis, seq: ++this.seq, at: this.at });
  }

  /** `device` made the row final: another device's values it never had are set aside, logged. */
  final(device: string) {
    this.finalBy = device;
  }

  listOp(device: string, field: string, item: string, present: boolean) {
    this.ops.push({ device, field, item, present, seq: ++this.seq, at: this.at });
  }

  /** The invariant, given the row in Postgres and every device's conflict log. */
  check(server: Record<string, unknown>, conflicts: LoggedConflict[]): Verdict {
    const verdict: Verdict = { checked: 0, lost: 0, logged: 0, spliced: 0, problems: [], details: [] };
    for (const field of Object.keys(this.initial)) this.checkScalar(field, server[field], conflicts, verdict);
    for (const field of this.listFields) this.checkList(field, server[field], verdict);
    return verdict;
  }

  private checkScalar(field: string, inServer: unknown, conflicts: LoggedConflict[], verdict: Verdict) {
    verdict.checked++;
    const saves = this.saves.filter((s) => s.field === field);
    if (saves.length === 0) {
      if (!same(inServer, this.initial[field])) {
        verdict.lost++;
        verdict.problems.push(
          `${field}: nobody edited it, yet Postgres holds ${show(inServer)} instead of ${show(this.initial[field])}`,
        );
      }
      return;
    }
    const devices = [...new Set(saves.map((s) => s.device))];
    const last = devices.map((d) => saves.filter((s) => s.device === d).at(-1)!);
    verdict.details.push(
      `${field}: Postgres ${show(inServer)}; last saved ${last.map((s) => `${s.device} ${show(s.value)} (#${s.at})`).join(', ')}`,
    );
    // Set aside on its device by a final state reached elsewhere (the row was signed first).
    const setAsideByFinal = (t: Save) =>
      conflicts.some(
        (c) => c.device === logOf(t.device) && c.field === field && c.replacedBy === 'final' && same(c.local, t.value),
      );
    const edited: EditedField = { field, inServer, conflicts, saves, last, setAsideByFinal };
    let lostHere = this.lastSavesLost(edited, verdict);
    const stoodAtFinal = this.stoodAtFinal(edited);
    if (!same(inServer, this.initial[field]) && !saves.some((s) => same(s.value, inServer))) verdict.spliced++;
    if (!last.some((s) => same(s.value, inServer)) && lostHere === 0 && !stoodAtFinal) {
      lostHere++;
      verdict.problems.push(
        `${field}: Postgres holds ${show(inServer)}, which is no device's last saved value (${last
          .map((s) => `${s.device}: ${show(s.value)}`)
          .join(', ')})`,
      );
    }
    verdict.lost += lostHere;
  }

  /** How many devices' last saves of the field are lost (each said in `verdict`; those logged counted there). */
  private lastSavesLost(
    { field, inServer, conflicts, saves, last, setAsideByFinal }: EditedField,
    verdict: Verdict,
  ): number {
    let lostHere = 0;
    for (const mine of last) {
      if (same(mine.value, inServer)) continue;
      // Replaced knowingly: another device saved this field while its copy showed this value.
      if (saves.some((s) => s.device !== mine.device && s.basis.some((b) => same(b, mine.value)))) continue;
      // The row was made final on another device before this value reached it: kept in this
      // device's log as set aside by the final state.
      if (this.finalBy !== null && this.finalBy !== logOf(mine.device) && setAsideByFinal(mine)) {
        verdict.logged++;
        continue;
      }
      // The log keeps the value set aside (`local`) against the value that stands (`server`).
      const explained = conflicts.find(
        (c) =>
          c.field === field &&
          same(c.local, mine.value) &&
          (c.device === logOf(mine.device)
            ? // Lost a conflict on this device: the standing value came from another device (or
              // tab), unseen when this one was saved.
              saves.some((s) => s.device !== mine.device && same(s.value, c.server)) &&
              !mine.basis.some((b) => same(b, c.server))
            : // Replaced on the device that logged it, by a save made before that device saw it.
              saves.some(
                (s) =>
                  logOf(s.device) === c.device && same(s.value, c.server) && !s.basis.some((b) => same(b, mine.value)),
              )),
      );
      if (explained) {
        verdict.logged++;
        continue;
      }
      const loggedAnyway = conflicts.find((c) => c.field === field && same(c.local, mine.value));
      lostHere++;
      verdict.problems.push(
        `${field}: device ${mine.device}'s last saved value ${show(mine.value)} (#${mine.at}) is lost — Postgres holds ` +
          `${show(inServer)}` +
          (loggedAnyway
            ? `; it is in ${loggedAnyway.device}'s conflict log against ${show(loggedAnyway.server)}, which no other device's edit explains`
            : ', and no conflict log has it'),
      );
    }
    return lostHere;
  }

  /**
   * Made final elsewhere: Postgres holds what reached it before — an earlier save whose device's
   * last save was set aside by the final state, or the value before the sequence when every
   * device's last save was (a device's own earlier saves are superseded by its last), or was
   * lost, logged, to another's save whose device's last was (soak seed 9670: a tab's value lost
   * to the other tab's, typed offline, then set aside by the signing).
   */
  private stoodAtFinal({ field, inServer, conflicts, saves, last, setAsideByFinal }: EditedField): boolean {
    const lastOf = (device: string) => last.find((t) => t.device === device);
    const goneToFinal = (t: Save) =>
      setAsideByFinal(t) ||
      conflicts.some(
        (c) =>
          c.device === logOf(t.device) &&
          c.field === field &&
          same(c.local, t.value) &&
          saves.some((s) => {
            const theirs = s.device !== t.device ? lastOf(s.device) : undefined;
            return same(s.value, c.server) && theirs !== undefined && setAsideByFinal(theirs);
          }),
      );
    return (
      this.finalBy !== null &&
      ((same(this.initial[field], inServer) && last.every(goneToFinal)) ||
        saves.some((s) => {
          const laterOnDevice = saves.filter((t) => t.device === s.device && t.seq > s.seq).at(-1);
          return same(s.value, inServer) && (laterOnDevice === undefined || setAsideByFinal(laterOnDevice));
        }))
    );
  }

  private checkList(field: string, inServer: unknown, verdict: Verdict) {
    verdict.checked++;
    const list = Array.isArray(inServer) ? (inServer as unknown[]) : [];
    const ops = this.ops.filter((o) => o.field === field);
    if (ops.length) verdict.details.push(`${field}: Postgres ${show(list)}`);
    // Lists start empty: an item nobody ticked cannot be there.
    for (const item of list.filter((i) => !ops.some((o) => o.item === i))) {
      verdict.lost++;
      verdict.problems.push(`${field}: Postgres has ${show(item)}, which no device ticked`);
    }
    for (const item of new Set(ops.map((o) => o.item))) {
      const onItem = ops.filter((o) => o.item === item);
      const present = list.includes(item);
      for (const device of new Set(onItem.map((o) => o.device))) {
        const mine = onItem.filter((o) => o.device === device).at(-1)!;
        if (mine.present === present) continue;
        // The merge rule (ADR 003): the server's list minus what a device removed plus what it
        // added. Another device's opposite edit of this item made later, or still standing as its
        // last, explains the outcome; nothing else does.
        const others = onItem.filter((o) => o.device !== device);
        const lastOther = others.at(-1);
        const explained =
          others.some((o) => o.present !== mine.present && o.seq > mine.seq) ||
          (lastOther !== undefined && lastOther.present !== mine.present);
        if (explained) continue;
        verdict.lost++;
        verdict.problems.push(
          `${field}: device ${device} ${mine.present ? 'added' : 'removed'} ${show(item)} last (#${mine.at}) and no ` +
            `other device touched it since, yet Postgres has ${show(list)}`,
        );
      }
    }
  }
}
