// A lost burst kept while the value that beat it is still being typed (soak seed 9615): the entry
// follows the winner's burst to the value that stands, under the lost burst's own id, never a
// second entry (docs/decisions/030-two-writers-one-truth.md).
import { describe, expect, it } from 'vitest';
import { startWrite, wrote } from './form-write';
import { BURST_IDLE_MS, keyed, open, SEEN_AFTER_MS, storedChanged, tick, typed, type Fields } from './form-machine';

const FIELDS = ['name', 'phone'];
const stored = (values: Fields): Fields => ({ id: 'd', serverModified: 'm1', phone: '0100', ...values });

/** This form types "Mine" from 1000 and stores it; another device's "Agency M", which reached the
 * server first, comes with a pull; the burst ends lost. */
function lostWhileTheyType() {
  const doc = stored({ name: 'Old' });
  const s = typed(open(FIELDS, [], doc, doc), { name: 'Mine', phone: '0100' }, 1000).state;
  const { state, write } = startWrite(s);
  const done = wrote(state, write!, { written: { name: 'Mine' }, lost: [], replaced: [] }, 1010).state;
  const echo = storedChanged(done, stored({ name: 'Mine' }), 1020, 'other-tab').state;
  const lost = storedChanged(echo, stored({ name: 'Agency M' }), 1100, 'other-device').state;
  return tick(lost, 1000 + BURST_IDLE_MS);
}
const keep = (server: string, again?: true) => ({
  kind: 'keep',
  lost: [
    {
      field: 'name',
      local: 'Mine',
      server,
      burst: { id: 'form:name:1000', since: 1000, typed: ['Mine'], ...(again ? { again } : {}) },
    },
  ],
  by: 'other-device',
});

describe('a lost burst kept while the winner still types', () => {
  it('the entry follows the standing value as it moves on, as the same burst’s (`again`)', () => {
    const end = lostWhileTheyType();
    expect(end.effects).toEqual([{ kind: 'show', values: { name: 'Agency M' } }, keep('Agency M')]);
    const at = 1000 + BURST_IDLE_MS;
    const moved = storedChanged(end.state, stored({ name: 'Agency Meadow' }), at + 200, 'other-device');
    expect(moved.effects).toEqual([{ kind: 'show', values: { name: 'Agency Meadow' } }, keep('Agency Meadow', true)]);
    // Each move restarts the wait: a burst typed slowly is followed to its end.
    const last = storedChanged(
      moved.state,
      stored({ name: 'Agency Meadow Ltd' }),
      at + 200 + SEEN_AFTER_MS,
      'other-device',
    );
    expect(last.effects).toEqual([
      { kind: 'show', values: { name: 'Agency Meadow Ltd' } },
      keep('Agency Meadow Ltd', true),
    ]);
  });

  it('a value that stood still for SEEN_AFTER_MS was what replaced it: a later one is news, not the entry’s', () => {
    const end = lostWhileTheyType();
    const later = storedChanged(
      end.state,
      stored({ name: 'Bob' }),
      1000 + BURST_IDLE_MS + SEEN_AFTER_MS + 1,
      'other-device',
    );
    expect(later.effects).toEqual([{ kind: 'show', values: { name: 'Bob' } }]);
  });

  it('the user typing in the field again starts anew: the old entry is left as it stands', () => {
    const end = lostWhileTheyType();
    const at = 1000 + BURST_IDLE_MS + 50;
    const key = keyed(end.state, 'name', at).state;
    const afterKey = tick(key, at + BURST_IDLE_MS).state;
    const moved = storedChanged(afterKey, stored({ name: 'Agency Meadow' }), at + BURST_IDLE_MS + 10, 'other-device');
    expect(moved.effects).toEqual([{ kind: 'show', values: { name: 'Agency Meadow' } }]);
    const retyped = typed(end.state, { name: 'Mine again', phone: '0100' }, at).state;
    expect(retyped.said).toEqual({});
  });

  it('a change of another field is not the entry’s', () => {
    const end = lostWhileTheyType();
    const other = storedChanged(
      end.state,
      stored({ name: 'Agency M', phone: '0200' }),
      1000 + BURST_IDLE_MS + 100,
      'other-device',
    );
    expect(other.effects).toEqual([{ kind: 'show', values: { phone: '0200' } }]);
  });
});

describe('a lost burst’s value stored again', () => {
  it('is put back (by another device, or typed again), not the winner going on: nothing kept', () => {
    const end = lostWhileTheyType();
    const back = storedChanged(end.state, stored({ name: 'Mine' }), 1000 + BURST_IDLE_MS + 100, 'other-device');
    expect(back.effects).toEqual([{ kind: 'show', values: { name: 'Mine' } }]);
  });
});
