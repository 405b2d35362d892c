import type { Logger } from '@nestjs/common';
import { TimedOutError, withTimeout } from './with-timeout';

/** How long a connection's orderly close at shutdown may take before it is dropped. */
export const CLOSE_MS = 2000;

/**
 * Waits up to CLOSE_MS for `closing`, an orderly close (QUIT, pg's pool end), then drops what it was closing
 * (`force`) with a warning naming `what`; a close that fails is dropped the same way, with its reason. A dependency
 * that does not answer must not keep a process from exiting on SIGTERM: the workers' last-resort exit comes only 30 s
 * later, and the API server has none.
 */
export async function closeOrForce(
  closing: Promise<unknown>,
  force: () => void,
  what: string,
  logger: Logger,
): Promise<void> {
  try {
    await withTimeout(closing, CLOSE_MS, what);
  } catch (error) {
    const reason = error instanceof TimedOutError ? error.message : `${what} failed: ${(error as Error).message}`;
    logger.warn({ timeoutMs: CLOSE_MS }, `${reason}; its connections are dropped`);
    force();
  }
}
