// Putting a value set aside back on purpose (docs/decisions/023-replaced-values-announced.md): a
// transition of the form's state machine (form-machine.ts), judged against what is stored now.
import { burstOf, BURST_IDLE_MS, same, without, type Effect, type FormState, type Step } from './form-machine';

/** The user puts a value back on purpose (a replaced value): judged against what is stored now. */
export function putBack(state: FormState, field: string, value: unknown, now: number): Step {
  const stored = state.stored?.[field] ?? null;
  const next: FormState = {
    ...state,
    base: { ...state.base, [field]: stored },
    values: { ...state.values, [field]: value },
    pending: [...new Set([...state.pending, field])],
    typing: { ...state.typing, [field]: { since: now, lastAt: now, lostTo: null, typed: [value ?? null] } },
    shownAt: without(state.shownAt, field),
    said: without(state.said, field),
  };
  // A burst of the field that lost and is still held: its value is kept, as its end would.
  const held = state.typing[field];
  const heldValue = state.values[field] ?? null;
  const keepHeld: Effect[] =
    held?.lostTo && !held.keyOnly && !same(heldValue, stored) && !same(heldValue, value)
      ? [
          {
            kind: 'keep',
            lost: [{ field, local: heldValue, server: stored, burst: burstOf(state, field, held) }],
            by: held.lostTo,
          },
        ]
      : [];
  return {
    state: next,
    effects: [
      ...keepHeld,
      { kind: 'show', values: { [field]: value } },
      { kind: 'write' },
      { kind: 'wake', at: now + BURST_IDLE_MS },
    ],
  };
}
