import { format } from 'node:util';
import type pino from 'pino';

const CONSOLE_LEVELS = {
  log: 'info',
  info: 'info',
  debug: 'debug',
  trace: 'trace',
  warn: 'warn',
  error: 'error',
} as const;

/** What a library printed with console.*, as one line however many lines it had. */
function printed(logger: pino.Logger, level: pino.Level, args: readonly unknown[], fields: Record<string, unknown>) {
  const error = args.find((arg): arg is Error => arg instanceof Error);
  const rest = args.filter((arg) => arg !== error);
  const text = format(...rest).trim() || error?.message || '';
  logger[level]({ ...fields, ...(error ? { err: error } : {}) }, text);
}

/**
 * Makes everything a process prints a JSON line: what libraries write with
 * console.* (ioredis's "Unhandled error event" with its stack, BullMQ's warnings), Node's own warnings (deprecations,
 * `process.emitWarning`), and a crash, which is logged once as `fatal` before the process exits 1 as it would have.
 * Called first thing by each process's main; tests keep the console as it is.
 */
export function routeProcessOutput(logger: pino.Logger): void {
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    console[method as keyof typeof CONSOLE_LEVELS] = (...args: unknown[]) =>
      printed(logger, level, args, { source: 'console' });
  }
  // Node prints warnings to stderr from a listener of its own; this one replaces it.
  process.removeAllListeners('warning');
  process.on('warning', (warning) =>
    printed(logger, 'warn', [warning.message], { source: 'node', warning: warning.name }),
  );
  process.on('uncaughtException', (error, origin) => {
    printed(logger, 'fatal', [`Process crashed (${origin}):`, error], { source: 'node' });
    process.exit(1);
  });
}
