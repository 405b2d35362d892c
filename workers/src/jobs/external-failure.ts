/**
 * A job that failed because something outside OddsPulse did: a feed answering badly, a user's webhook or push
 * endpoint unreachable. Expected in operation (health, the feed states and the delivery records say so), so the
 * failed-job log writes it as a warning with its message, not as an error with a stack.
 */
export class ExternalFailure extends Error {}
