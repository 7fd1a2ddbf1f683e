// @ts-check
// A service kept running: started again when it ends without being asked to.
import { errorMessage } from '../shared/errors.mjs';
import { describeExit } from './process.mjs';

/** @typedef {import('./process.mjs').Exit} Exit */

/**
 * A long-lived service as `supervise` sees it: `exited` settles when its process ends, however it
 * ends; `stop` ends it gracefully (and settles at once when it has already ended).
 * @typedef {{ pid: number | undefined, exited: Promise<Exit>, stop: () => Promise<unknown> }} Service
 */

/**
 * Keep a service running: when its process ends without being asked to (a crash, the OOM killer,
 * someone's `kill`), log it and start it again after a short backoff (0.5 s, doubling up to 4 s
 * while starting fails), then log that it is back. Nothing is restarted once `stop` has been
 * called, until `start` is: that is how the stack shuts down, and how the tests take a part away
 * on purpose.
 * @param {string} name as a person reads it, e.g. 'PostgREST'
 * @param {() => Promise<Service>} launch starts the service; resolves once it answers, and leaves
 *   nothing running when it throws
 * @param {{ notice: (line: string) => void, firstDelayMs?: number, maxDelayMs?: number }} opts
 */
export async function supervise(name, launch, { notice, firstDelayMs = 500, maxDelayMs = 4000 }) {
  let current = await launch();
  let wanted = true;
  /** @type {WeakSet<Service>} */
  const ended = new WeakSet();
  /** @type {Promise<void> | undefined} */
  let restarting;
  /** Ends the backoff pause early (stop is waiting). */
  let wake = () => {};
  const pause = (/** @type {number} */ ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve(undefined);
      };
    });

  /** @param {Exit} exit */
  const restart = async (exit) => {
    let delay = firstDelayMs;
    // Waiting first also lets a shutdown that is already under way (Ctrl-C reaches every child of
    // the terminal at once) say so before anything is restarted or logged.
    await pause(delay);
    if (!wanted) return;
    notice(`${name} exited (${describeExit(exit)}); restarting`);
    while (wanted) {
      try {
        const next = await launch();
        if (!wanted) {
          await next.stop();
          return;
        }
        current = next;
        watch(next);
        notice(`${name} is back`);
        return;
      } catch (error) {
        delay = Math.min(delay * 2, maxDelayMs);
        const reason = errorMessage(error).split('\n')[0];
        notice(`${name} did not start again (${reason}); retrying in ${delay / 1000} s`);
        await pause(delay);
      }
    }
  };

  /** @param {Service} service */
  const watch = (service) => {
    void service.exited.then((exit) => {
      ended.add(service);
      if (service !== current || !wanted || restarting) return;
      restarting = restart(exit).finally(() => {
        restarting = undefined;
      });
    });
  };
  watch(current);

  return {
    /** The pid of the running process, if one is running. */
    pid: () => (ended.has(current) ? undefined : current.pid),
    /** From now on, nothing is restarted (until `start`): a shutdown is under way. */
    hold: () => {
      wanted = false;
      wake();
    },
    /**
     * Take the service down on purpose; it stays down until `start`. With a signal, send it that
     * instead of stopping it gracefully (a kill that the supervisor knows about).
     * @param {NodeJS.Signals} [signal]
     */
    stop: async (signal) => {
      wanted = false;
      wake();
      await restarting;
      if (!signal) await current.stop();
      else if (!ended.has(current) && current.pid) {
        process.kill(current.pid, signal);
        await current.exited;
      }
    },
    /** Bring it back after `stop`. */
    start: async () => {
      if (wanted) return restarting;
      const next = await launch();
      current = next;
      wanted = true;
      watch(next);
    },
  };
}
