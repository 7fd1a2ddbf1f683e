/** navigator.locks as the browser gives it to tabs: one holder of a name at a time, the others in turn. */
export function fifoLocks() {
  const tails = new Map<string, Promise<void>>();
  return {
    request: (name: string, _options: unknown, callback: (lock: object) => Promise<unknown>) => {
      const turn = (tails.get(name) ?? Promise.resolve()).then(() => callback({}));
      tails.set(
        name,
        turn.then(
          () => undefined,
          () => undefined,
        ),
      );
      return turn;
    },
  };
}
