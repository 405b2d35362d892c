/**
 * A job that failed because something outside OddsPulse did: a feed answering badly, a user's webhook or push
 * endpoint unreachable. Expected in operation (health, the feed states and the delivery records say so), so the
 * failed-job log writes it as a warning with its message, not as an error with a stack.
 */
export class ExternalFailure extends Error {}

/**
 * An outside failure its job has already logged, once per change of state (a feed turning stale, or failing for another
 * reason): the failed-job log leaves it out instead of writing one line per poll. BullMQ keeps the job failed
 * without retrying it, since the request was already retried per spec; BullMQ recognises an unrecoverable error by
 * this name (as it does its own UnrecoverableError).
 */
export class LoggedExternalFailure extends ExternalFailure {
  override readonly name = 'UnrecoverableError';
}
