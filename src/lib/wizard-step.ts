import { useCallback, useEffect, useState } from 'react';
import * as v from 'valibot';

/** The address's part of a wizard's step: `?step=N`, and how to move it. */
export interface StepInAddress {
  /** The step the address asks for; undefined when it names none (or none that exists). */
  asked: number | undefined;
  /** Moves the address to step `n`: a new history entry, or the current one replaced. */
  go: (n: number, replace: boolean) => void;
}

/** A route's `?step=`: a whole number from 1 to `count`; anything else is no step. */
export const stepSearchSchema = (count: number) =>
  v.object({
    step: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(count))), undefined),
  });

/**
 * A wizard's step, kept in the address (`?step=N`) so the browser's Back and Forward (and Android's
 * back button) move between steps and a reload stays on its step. Without a step in the address
 * the wizard opens at `start` (where a resumed draft opens), written to the address in place. A
 * step asked for before the ones it needs are done (`reachable`) shows the last one that may be
 * shown. Without `address` (a wizard rendered on its own, in tests), the step is kept in memory.
 */
export function useWizardStep(
  start: number,
  reachable: (n: number) => boolean,
  address?: StepInAddress,
): [step: number, go: (n: number) => void] {
  const [inMemory, setInMemory] = useState<number | undefined>(undefined);
  const asked = address ? address.asked : inMemory;
  const shown = (n: number) => {
    while (n > 1 && !reachable(n)) n -= 1;
    return n;
  };
  // Worked out when the address changes only: a value changed meanwhile (on another device) does
  // not move the step under the person's hands.
  const [seen, setSeen] = useState(() => ({ asked, step: shown(asked ?? start) }));
  if (seen.asked !== asked) setSeen({ asked, step: shown(asked ?? start) });
  const step = seen.asked === asked ? seen.step : shown(asked ?? start);

  const move = address?.go;
  useEffect(() => {
    if (move && asked !== step) move(step, true);
  }, [move, asked, step]);
  const go = useCallback((n: number) => (move ? move(n, false) : setInMemory(n)), [move]);
  return [step, go];
}
