// The synced form's state machine without React or a database: each transition by its name, and
// the rules of two writers on one field (docs/decisions/030-two-writers-one-truth.md).
import { describe, expect, it } from 'vitest';
import {
  BURST_IDLE_MS,
  keyed,
  open,
  SEEN_AFTER_MS,
  storedChanged,
  tick,
  typed,
  unwritten,
  type Fields,
  type FormState,
  type Step,
} from './form-machine';
import { compareAndSet, startWrite, wrote, writeFailed, type WriteRequest } from './form-write';

const FIELDS = ['name', 'phone', 'tone_of_voice'];
const LISTS = ['tone_of_voice'];
const stored = (values: Fields): Fields => ({ id: 'd', serverModified: 'm1', ...values });
const start = (doc: Fields | null = stored({ name: 'Old', phone: '0100', tone_of_voice: [] })) =>
  open(FIELDS, LISTS, doc, doc ?? { name: null, phone: null, tone_of_voice: [] });
const kinds = (step: Step) => step.effects.map((e) => e.kind);
/** A keep of the name's value, as the burst begun at `since` (this form, 'form') lost it. */
const keepName = (local: string, server: string, by: string, typed: string[], since = 1000) => ({
  kind: 'keep',
  lost: [{ field: 'name', local, server, burst: { id: `form:name:${since}`, since, typed } }],
  by,
});

/** Types `values` at `at` and hands the change to a write, as the form does within a task. */
function typeAndWrite(state: FormState, values: Fields, at: number): { state: FormState; write: WriteRequest } {
  const s = typed(state, { ...state.values, ...values }, at).state;
  const { state: next, write } = startWrite(s);
  return { state: next, write: write! };
}

describe('typing', () => {
  it('marks what changed as pending and asks for a write and the end of the burst', () => {
    const step = typed(start(), { name: 'Ada', phone: '0100', tone_of_voice: [] }, 1000);
    expect(step.state.pending).toEqual(['name']);
    expect(step.effects).toEqual([{ kind: 'write' }, { kind: 'wake', at: 1000 + BURST_IDLE_MS }]);
    expect(unwritten(step.state)).toBe(true);
  });

  it('a form value equal to what the form holds is no change', () => {
    const s = start();
    expect(typed(s, s.values, 1000).effects).toEqual([]);
  });

  it('a write judges each field against the stored value the form agrees with', () => {
    const { state, write } = typeAndWrite(start(), { name: 'Ada' }, 1000);
    expect(write).toEqual({
      edited: { name: 'Ada' },
      judged: { name: 'Old' },
      own: { name: ['Ada', 'Ada'] },
      serverModified: 'm1',
      unseen: {},
      create: false,
    });
    expect(state.pending).toEqual([]);
    const done = wrote(state, write, { written: { name: 'Ada' }, lost: [], replaced: [] }, 1010).state;
    expect(done.base.name).toBe('Ada');
    expect(unwritten(done)).toBe(false);
  });

  it('a failed write leaves its fields pending, to be written with the next change', () => {
    const { state, write } = typeAndWrite(start(), { name: 'Ada' }, 1000);
    expect(writeFailed(state, write).pending).toEqual(['name']);
  });

  it('a form not stored yet makes its document with the first write, or on request', () => {
    expect(startWrite(start(null), true).write).toMatchObject({ create: true, edited: {} });
    expect(startWrite(start(null)).write).toBeNull();
  });
});

describe('compareAndSet: the first writer of a field wins', () => {
  const request: WriteRequest = {
    edited: { name: 'Mine' },
    judged: { name: 'Old' },
    serverModified: 'm1',
    unseen: {},
    create: false,
  };

  it('writes over the value typed over', () => {
    expect(compareAndSet(request, stored({ name: 'Old' }), LISTS)).toEqual({
      patch: { name: 'Mine' },
      outcome: { written: { name: 'Mine' }, lost: [], replaced: [] },
    });
  });

  it('never over a value another tab stored since; one from the server is another device’s', () => {
    expect(compareAndSet(request, stored({ name: 'Tab' }), LISTS).outcome.lost).toEqual([
      { field: 'name', by: 'other-tab' },
    ]);
    const pulled = { ...stored({ name: 'Theirs' }), serverModified: 'm2' };
    expect(compareAndSet(request, pulled, LISTS)).toEqual({
      patch: {},
      outcome: { written: {}, lost: [{ field: 'name', by: 'other-device' }], replaced: [] },
    });
  });

  it('a value already stored is written (nothing to do), and a list takes the user’s ticks', () => {
    expect(compareAndSet(request, stored({ name: 'Mine' }), LISTS).outcome.written).toEqual({ name: 'Mine' });
    const ticks: WriteRequest = { ...request, edited: { tone_of_voice: ['B'] }, judged: { tone_of_voice: ['A'] } };
    expect(compareAndSet(ticks, stored({ tone_of_voice: ['A', 'C'] }), LISTS).patch).toEqual({
      tone_of_voice: ['C', 'B'],
    });
  });
});

describe('a stored change', () => {
  it('shows at once in a field nobody is typing in, focused or not', () => {
    const step = storedChanged(
      start(),
      stored({ name: 'New', phone: '0100', tone_of_voice: [] }),
      2000,
      'other-device',
    );
    expect(step.effects).toEqual([{ kind: 'show', values: { name: 'New' } }]);
    expect(step.state.base.name).toBe('New');
  });

  it('is this form’s own write coming back: nothing to show', () => {
    const { state, write } = typeAndWrite(start(), { name: 'Ada' }, 1000);
    const step = storedChanged(state, stored({ name: 'Ada', phone: '0100', tone_of_voice: [] }), 1005, 'other-tab');
    expect(step.effects).toEqual([]);
    expect(step.state.base.name).toBe('Ada');
    expect(
      wrote(step.state, write, { written: { name: 'Ada' }, lost: [], replaced: [] }, 1010).state.typing.name?.lostTo,
    ).toBeNull();
  });

  it('into a field being typed in: that burst has lost, and is held back until it ends', () => {
    const { state } = typeAndWrite(start(), { name: 'B' }, 1000);
    const lost = storedChanged(
      state,
      stored({ name: 'Alice', phone: '0100', tone_of_voice: [] }),
      1050,
      'other-device',
    );
    expect(lost.effects).toEqual([]);
    expect(lost.state.typing.name?.lostTo).toBe('other-device');
    // More typing in the same burst is never written.
    const more = typed(lost.state, { ...lost.state.values, name: 'Bob' }, 1200);
    expect(startWrite(more.state).write).toBeNull();
    // Not yet: the burst goes on.
    expect(kinds(tick(more.state, 1200 + BURST_IDLE_MS - 1))).toEqual(['wake']);
    // It ends: the value that stands is shown, and the last value typed is kept, once.
    const end = tick(more.state, 1200 + BURST_IDLE_MS);
    expect(end.effects).toEqual([
      { kind: 'show', values: { name: 'Alice' } },
      // As its burst's (its id and values): the conflict log keeps one entry per burst.
      keepName('Bob', 'Alice', 'other-device', ['B', 'Bob']),
    ]);
    expect(end.state.typing).toEqual({});
    expect(end.state.base.name).toBe('Alice');
  });

  it('the value a burst lost to, pulled back with the server’s time, is still the other tab’s', () => {
    const { state } = typeAndWrite(start(), { name: 'B' }, 1000);
    const theirs = stored({ name: 'Alice', phone: '0100', tone_of_voice: [] });
    const lost = storedChanged(state, theirs, 1050, 'other-tab');
    const pulled = storedChanged(lost.state, { ...theirs, serverModified: 'm2' }, 1100, 'other-device');
    expect(pulled.state.typing.name?.lostTo).toBe('other-tab');
    // A new value stored over it is news: its writer is the one said.
    const newer = storedChanged(
      pulled.state,
      { ...theirs, name: 'Alicia', serverModified: 'm3' },
      1150,
      'other-device',
    );
    expect(newer.state.typing.name?.lostTo).toBe('other-device');
  });

  it('a key that changes nothing (it types what was just shown) is typing too: nothing is shown under it', () => {
    const s = start();
    const k = keyed(s, 'name', 1000);
    expect(k.state.pending).toEqual([]);
    expect(k.effects).toEqual([{ kind: 'wake', at: 1000 + BURST_IDLE_MS }]);
    expect(keyed(s, 'tone_of_voice', 1000).effects).toEqual([]);
    // Another writer's next value waits for the burst's end; typing on takes it whole.
    const theirs = storedChanged(
      k.state,
      stored({ name: 'Olga', phone: '0100', tone_of_voice: [] }),
      1030,
      'other-tab',
    );
    expect(theirs.effects).toEqual([]);
    const mine = typed(theirs.state, { ...theirs.state.values, name: 'Oliver' }, 1060).state;
    expect(startWrite(mine).write).toBeNull();
    const end = tick(mine, 1060 + BURST_IDLE_MS);
    expect(end.effects).toEqual([
      { kind: 'show', values: { name: 'Olga' } },
      keepName('Oliver', 'Olga', 'other-tab', ['Oliver']),
    ]);
  });

  it('the form going ends every burst at once (`all`): a burst that lost is kept then', () => {
    const { state } = typeAndWrite(start(), { name: 'B' }, 1000);
    const lost = storedChanged(state, stored({ name: 'Alice', phone: '0100', tone_of_voice: [] }), 1050, 'other-tab');
    const gone = tick(lost.state, 1100, { all: true });
    expect(gone.effects).toContainEqual(keepName('B', 'Alice', 'other-tab', ['B']));
    expect(gone.state.typing).toEqual({});
    expect(kinds(gone)).not.toContain('wake');
  });

  it('a write refused field by field loses the burst the same way, for another tab', () => {
    const { state, write } = typeAndWrite(start(), { name: 'Tab two' }, 1000);
    const after = wrote(
      state,
      write,
      { written: {}, lost: [{ field: 'name', by: 'other-tab' }], replaced: [] },
      1010,
    ).state;
    const withTheirs = storedChanged(
      after,
      stored({ name: 'Tab one', phone: '0100', tone_of_voice: [] }),
      1020,
      'other-tab',
    );
    const end = tick(withTheirs.state, 1000 + BURST_IDLE_MS).effects;
    expect(end).toContainEqual(keepName('Tab two', 'Tab one', 'other-tab', ['Tab two']));
  });

  it('typed over within SEEN_AFTER_MS of being shown, it was not seen: it is replaced, and kept', () => {
    const shown = storedChanged(
      start(),
      stored({ name: 'Theirs', phone: '0100', tone_of_voice: [] }),
      2000,
      'other-device',
    );
    const { state, write } = typeAndWrite(shown.state, { name: 'Mine' }, 2000 + SEEN_AFTER_MS - 1);
    expect(write).toMatchObject({ judged: { name: 'Theirs' }, unseen: { name: 'other-device' } });
    const { outcome } = compareAndSet(write, stored({ name: 'Theirs' }), LISTS);
    expect(outcome).toEqual({
      written: { name: 'Mine' },
      lost: [],
      replaced: [{ field: 'name', value: 'Theirs', by: 'other-device' }],
    });
    expect(wrote(state, write, outcome, 3100).effects).toEqual([
      {
        kind: 'keep',
        lost: [
          {
            field: 'name',
            local: 'Theirs',
            server: 'Mine',
            burst: { id: 'form:name:2999:replaced', since: 2999, typed: [], again: false },
          },
        ],
        by: 'this-device',
      },
    ]);
    // Seen for long enough, it is typed over knowingly: nothing to keep.
    const later = typeAndWrite(shown.state, { name: 'Mine' }, 2000 + SEEN_AFTER_MS);
    expect(later.write.unseen).toEqual({});
  });

  it('a list shows the stored list with the user’s unsaved ticks', () => {
    const s = typed(start(), { name: 'Old', phone: '0100', tone_of_voice: ['Mine'] }, 1000).state;
    const step = storedChanged(
      s,
      stored({ name: 'Old', phone: '0100', tone_of_voice: ['Theirs'] }),
      1010,
      'other-device',
    );
    expect(step.effects).toEqual([{ kind: 'show', values: { tone_of_voice: ['Theirs', 'Mine'] } }]);
  });

  it('keeps what is typed in a field whose input cannot be stored', () => {
    const step = storedChanged(
      start(),
      stored({ name: 'Old', phone: '0999', tone_of_voice: [] }),
      1000,
      'other-device',
      ['phone'],
    );
    expect(step.effects).toEqual([]);
  });
});
