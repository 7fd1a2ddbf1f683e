// A device that cannot store what is typed (its disk full) still sends it: the form's values go to
// the server as the page-going push sends them (src/sync/page-going-push.ts), judged as this
// device's own change, and the page goes on. At most once a second; the keys typed between go in
// the next. The form keeps the values, and writes them once there is space.

/** How often what a full device could not store is sent. */
export const UNSTORED_PUSH_MS = 1_000;

/** Returns what asks for a send: `send` runs once, `UNSTORED_PUSH_MS` after the first ask. */
export function unstoredPush(send: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return () => {
    timer ??= setTimeout(() => {
      timer = null;
      send();
    }, UNSTORED_PUSH_MS);
  };
}
