import type { JsonLogger } from './json-logger';

const CONSOLE_LEVELS = {
  log: 'info',
  info: 'info',
  debug: 'debug',
  trace: 'trace',
  warn: 'warn',
  error: 'error',
} as const;

/**
 * Makes everything a process prints a JSON line: what libraries write with
 * console.* (ioredis's "Unhandled error event" with its stack, BullMQ's warnings), Node's own warnings (deprecations,
 * `process.emitWarning`), and a crash, which is logged once as `fatal` before the process exits 1 as it would have.
 * Called first thing by each process's main; tests keep the console as it is.
 */
export function routeProcessOutput(logger: JsonLogger): void {
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    console[method as keyof typeof CONSOLE_LEVELS] = (...args: unknown[]) =>
      logger.printed(level, args, { source: 'console' });
  }
  // Node prints warnings to stderr from a listener of its own; this one replaces it.
  process.removeAllListeners('warning');
  process.on('warning', (warning) =>
    logger.printed('warn', [warning.message], { source: 'node', warning: warning.name }),
  );
  process.on('uncaughtException', (error, origin) => {
    logger.printed('fatal', [`Process crashed (${origin}):`, error], { source: 'node' });
    process.exit(1);
  });
}
