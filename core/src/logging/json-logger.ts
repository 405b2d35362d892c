import { LoggerService } from '@nestjs/common';
import { format } from 'node:util';
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
  'secret',
  '*.secret',
];

/**
 * Structured JSON logs, one object per line, for the server and the workers alike. A line written while a request
 * or a job is handled carries its id (log-context.ts).
 */
export class JsonLogger implements LoggerService {
  private readonly logger: Logger;

  /** `destination`: where the lines go (standard output unless a test captures them). */
  constructor(service: string, level: string = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream) {
    const options: pino.LoggerOptions = {
      level,
      base: { service, pid: process.pid },
      redact: { paths: REDACT, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // A copy: pino merges each line's fields into what the mixin returns.
      mixin: () => ({ ...currentLogContext() }),
    };
    this.logger = destination ? pino(options, destination) : pino(options);
  }

  /** What a library printed with console.* (process-output.ts), as one line however many lines it had. */
  printed(level: pino.Level, args: readonly unknown[], fields: Record<string, unknown> = {}) {
    const error = args.find((arg): arg is Error => arg instanceof Error);
    const rest = args.filter((arg) => arg !== error);
    const text = format(...rest).trim() || error?.message || '';
    this.logger[level]({ ...fields, ...(error ? { err: error } : {}) }, text);
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
    if (!this.logger.isLevelEnabled(level)) return;
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
      this.logger[level]({ ...fields, err: message }, message.message);
    } else if (objectMessage) {
      this.logger[level]({ ...fields, ...(message as object) }, text);
    } else {
      this.logger[level](fields, String(message));
    }
  }
}
