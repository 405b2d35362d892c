import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while handling one request or job carries, without being passed along. */
export interface LogContext {
  requestId?: string;
  jobId?: string;
  job?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `work` with `context` on every log line it writes, across awaits. */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return storage.run(context, work);
}

/** The context of the running request or job, if any. */
export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}
