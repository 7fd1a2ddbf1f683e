/**
 * The form writes of one local database, one after another. Closing the database waits for them
 * (`idle`): a page left by any route still has what was typed written before its database closes.
 */
export class WriteQueue {
  #tail: Promise<unknown> = Promise.resolve();
  // The last write's failure (a full device), until a write succeeds: the sync status says it.
  #failure: unknown = null;
  readonly #listeners = new Set<() => void>();

  /** Runs `write` after every write queued before it; resolves or rejects with it. */
  run<T>(write: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(write);
    this.#tail = run.then(
      () => this.#settled(null),
      (error: unknown) => this.#settled(error),
    );
    return run;
  }

  /** Why the last write failed, or null once one has succeeded. */
  get failure(): unknown {
    return this.#failure;
  }

  /** Calls `listener` when the failure comes or goes. */
  watch(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #settled(failure: unknown) {
    // The first failure says why (a full device); those after it follow from it (a document the
    // failed write should have made is missing), until a write succeeds.
    if (failure === this.#failure || (failure !== null && this.#failure !== null)) return;
    this.#failure = failure;
    for (const listener of this.#listeners) listener();
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
