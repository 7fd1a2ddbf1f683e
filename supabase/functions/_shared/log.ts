// A function's log lines go to the platform's log (hosted Supabase: the function's Logs page; the
// local stack: STACK_LOG=1) through the console. Never log a secret, a token or what a user wrote.
/* eslint-disable no-console -- the console is where an edge function's logs go */
export const logInfo = (line: string) => console.log(line);
export const logError = (line: string) => console.error(line);
