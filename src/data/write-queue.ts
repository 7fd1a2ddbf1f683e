/**
 * The form writes of one local database, one after another. Closing the database waits for them
 * (`idle`): a page left by any route still has what was typed written before its database closes.
 */
export class WriteQueue {
  #tail: Promise<unknown> = Promise.resolve();

  /** Runs `write` after every write queued before it; resolves or rejects with it. */
  run<T>(write: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(write);
    this.#tail = run.catch(() => undefined);
    return run;
  }

  /**
   * Resolves once every write queued so far has finished, including writes queued while waiting
   * (a form unmounted in the same commit as the page that closes the database queues its last
   * write just after the close began).
   */
  async idle(): Promise<void> {
    let tail: Promise<unknown>;
    do {
      tail = this.#tail;
      await tail;
    } while (tail !== this.#tail);
  }
}
