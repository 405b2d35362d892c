/** What withTimeout rejects with: the call may still be under way. */
export class TimedOutError extends Error {
  override readonly name = 'TimedOutError';
}

/**
 * Rejects (TimedOutError) when `promise` has not settled within `ms`: a check of a dependency that is down must answer at once
 * rather than wait on a connection that retries forever (BullMQ's do, by design).
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what = 'the call'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      // Judged once the loop has read what arrived: timers run before I/O in a turn of the loop, so after a loop held
      // past `ms` (a starved CPU) an answer already waiting in its socket would otherwise count as none.
      timer = setTimeout(() => setImmediate(() => reject(new TimedOutError(`${what} timed out after ${ms} ms`))), ms);
    }),
  ]);
}
