import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import { currentLogContext } from './log-context';

/** Keys whose values never reach a log line, wherever they appear in a logged object. */
const REDACT = [
  'password',
  '*.password',
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'headers.authorization',
  'headers.cookie',
  'headers["x-api-key"]',
  // where pino-http's serializers put them, should a line carry the request or the answer
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'secret',
  '*.secret',
];

/**
 * The pino logger every process writes its JSON lines with, one object per line: level names, ISO times, the
 * service and pid on each line, secrets redacted, and the id of the job being handled (log-context.ts). The server
 * hands it to nestjs-pino and pino-http; the workers and commands use it through JsonLogger.
 * `destination`: where the lines go (standard output unless a test captures them).
 */
export function createLogger(
  service: string,
  level: string = process.env.LOG_LEVEL ?? 'info',
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service, pid: process.pid },
    redact: { paths: REDACT, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // A copy: pino merges each line's fields into what the mixin returns.
    mixin: () => ({ ...currentLogContext() }),
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Nest's logger for the workers and commands, writing through createLogger. A line written while a job is handled
 * carries its id (log-context.ts).
 */
export class JsonLogger implements LoggerService {
  readonly pino: Logger;

  /** `destination`: where the lines go (standard output unless a test captures them). */
  constructor(service: string, level: string = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream) {
    this.pino = createLogger(service, level, destination);
  }

  log(message: unknown, ...params: unknown[]) {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]) {
    this.write('fatal', message, params);
  }

  /** Nest passes (message, ...optional, context); an Error or a trace string may precede the context. */
  private write(level: pino.Level, message: unknown, params: unknown[]) {
    // a line below the level costs nothing (the request log line was merged and dropped on every request)
    if (!this.pino.isLevelEnabled(level)) return;
    const rest = [...params];
    const context = typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const fields: Record<string, unknown> = {};
    if (context) fields.context = context;
    const objectMessage = Boolean(message) && typeof message === 'object' && !(message instanceof Error);
    let text: string | undefined;
    for (const param of rest) {
      if (param instanceof Error) fields.err = param;
      // logger.log({fields}, 'text'): the text is the message; after a string message it is a stack.
      else if (typeof param === 'string' && objectMessage && text === undefined) text = param;
      else if (typeof param === 'string') fields.stack = param;
      else if (param && typeof param === 'object') Object.assign(fields, param);
    }
    if (message instanceof Error) {
      this.pino[level]({ ...fields, err: message }, message.message);
    } else if (objectMessage) {
      this.pino[level]({ ...fields, ...(message as object) }, text);
    } else {
      this.pino[level](fields, String(message));
    }
  }
}
