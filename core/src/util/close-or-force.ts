import type { Logger } from '@nestjs/common';
import { TimedOutError, withTimeout } from './with-timeout';

/** How long a connection's orderly close at shutdown may take before it is dropped. */
export const CLOSE_MS = 2000;

export interface CloseOrForceOptions {
  /**
   * What the warning says of the connection beside the time limit (the queue, its status): read as it is logged, so a
   * status is the one the connection has when it is dropped, not the one it had when its close began.
   */
  fields?: () => Record<string, unknown>;
  /**
   * A close that fails, rather than taking too long, is thrown to the caller, nothing dropped: for a close that itself
   * lets a connection error pass (a BullMQ queue's), so what fails is no outage but a fault, surfaced with its stack.
   */
  rethrowFailure?: boolean;
}

/**
 * Waits up to CLOSE_MS for `closing`, an orderly close (QUIT, pg's pool end), then drops what it was closing
 * (`force`, awaited) with a warning naming `what`; a close that fails is dropped the same way, with its reason, unless
 * `rethrowFailure`. A dependency that does not answer must not keep a process from exiting on SIGTERM: the workers'
 * last-resort exit comes only 30 s later, and the API server has none.
 */
export async function closeOrForce(
  closing: Promise<unknown>,
  force: () => void | Promise<void>,
  what: string,
  logger: Logger,
  options: CloseOrForceOptions = {},
): Promise<void> {
  try {
    await withTimeout(closing, CLOSE_MS, what);
  } catch (error) {
    const timedOut = error instanceof TimedOutError;
    if (!timedOut && options.rethrowFailure) throw error;
    const reason = timedOut ? error.message : `${what} failed: ${(error as Error).message}`;
    logger.warn({ timeoutMs: CLOSE_MS, ...options.fields?.() }, `${reason}; its connections are dropped`);
    await force();
  }
}
