import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { LevelWithSilent, Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { MetricsService } from '@oddspulse/core';

export const REQUEST_ID_HEADER = 'x-request-id';
/** The status logged for a request whose connection closed before its answer was sent. */
export const CLIENT_CLOSED_REQUEST = 499;

/** What a proxy in front may send as its request id: a plain token (a UUID, a hex or base64url id), nothing more. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;
/** Query parameters whose values never reach a log line: reset tokens, OAuth codes and states, keys, signatures. */
const SECRET_PARAMETER = /token|secret|password|passwd|key|code|state|signature|sig$/i;

/**
 * The id of a request: the one a proxy sent in `x-request-id` when it is a sane token (so a trace can follow a request
 * through the load balancer), else a new one. Anything else a client sends there (a log-injection attempt, a megabyte)
 * is not taken.
 */
export function requestIdFrom(header: unknown): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** Whether a raw query string may name a secret-looking parameter (an encoded name might, whatever it reads). */
function maySayASecret(search: string): boolean {
  for (const pair of search.split('&')) {
    const end = pair.indexOf('=');
    const name = end < 0 ? pair : pair.slice(0, end);
    if (SECRET_PARAMETER.test(name) || name.includes('%') || name.includes('+')) return true;
  }
  return false;
}

/** The path and query of a request with the values of secret-looking parameters replaced (as sent when there are none). */
export function loggablePath(originalUrl: string): string {
  const at = originalUrl.indexOf('?');
  if (at < 0 || !maySayASecret(originalUrl.slice(at + 1))) return originalUrl;
  const query = new URLSearchParams(originalUrl.slice(at + 1));
  for (const name of new Set(query.keys())) if (SECRET_PARAMETER.test(name)) query.set(name, '[redacted]');
  return `${originalUrl.slice(0, at)}?${query.toString()}`;
}

/**
 * The route a request matched, as its pattern (`/api/picks/:id`), never the path: ids in paths would make every
 * request its own metric series. An endpoint mounted outside Nest's router names itself in `res.locals.route`;
 * other requests no route handled are the web app and its files when answered, else `unmatched`.
 */
export function routeOf(req: Request, res: Response): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path === 'string') return `${req.baseUrl}${path}`;
  const mounted = (res.locals as { route?: unknown }).route;
  if (typeof mounted === 'string') return mounted;
  return res.statusCode < 400 ? 'web' : 'unmatched';
}

/** When the request log began timing a request (before any other middleware). */
const STARTED = Symbol('requestStarted');
type TimedResponse = ServerResponse & { [STARTED]?: bigint };

function secondsSince(res: TimedResponse): number {
  return Number(process.hrtime.bigint() - (res[STARTED] ?? process.hrtime.bigint())) / 1e9;
}

/** What a finished or abandoned request is logged and counted as. */
function outcome(req: Request, res: Response) {
  const aborted = !res.writableFinished;
  return { aborted, status: aborted ? CLIENT_CLOSED_REQUEST : res.statusCode, route: routeOf(req, res) };
}

/**
 * A 4xx is the caller's business and logs at info; so does a 503, a dependency down or a board not written yet (the
 * exception filter counts them and warns once a minute per reason: an outage answers thousands); any other 5xx at
 * error. A line below the logger's level is not put together at all ('silent' stops pino-http before it builds one).
 */
function levelOf(log: Logger, status: number): LevelWithSilent {
  const level = status >= 500 && status !== 503 ? 'error' : 'info';
  return log.isLevelEnabled(level) ? level : 'silent';
}

/** The request line's fields: never the headers or the body (pino-http's own req/res objects are left out). */
function requestLine(req: Request, res: Response) {
  const { aborted, status, route } = outcome(req, res);
  return {
    context: 'Http',
    method: req.method,
    route,
    path: loggablePath(req.originalUrl),
    status,
    durationMs: Math.round(secondsSince(res) * 10_000) / 10,
    bytes: Number(res.getHeader('content-length') ?? 0) || undefined,
    // Express.User is empty until the auth strategy's user is put there; the rule reads {} as { id?: string }
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    userId: (req.user as { id?: string } | undefined)?.id,
    ip: req.ip,
    aborted: aborted || undefined,
  };
}

function requestMessage(req: Request, res: Response): string {
  const { aborted, status, route } = outcome(req, res);
  return `${req.method} ${route} ${aborted ? 'aborted' : status}`;
}

/**
 * pino-http, logging one JSON line per HTTP request: its id (also answered as `x-request-id`), method, route, path
 * with secrets redacted, status, duration and user; and the request's latency in the metrics. Lines logged while the
 * request is handled carry the id (`requestId`: nestjs-pino's Logger writes through the request's child logger).
 * A server error's request line has no stack (the exception filter logs that once). A request whose connection
 * closed before its answer was sent (the client gave up, a proxy timed out) is logged and timed too, as `aborted`
 * with status 499 (nginx's "client closed request"): a slow route the clients abandon would otherwise leave no trace.
 * Mounted first, ahead of the body parsers, so a request they refuse is logged and answers its id too.
 */
export function requestLog(log: Logger, metrics: MetricsService): RequestHandler {
  const httpLog = pinoHttp<Request, Response>({
    logger: log,
    // the request line names its id; every other line of the request carries only the id, not the request
    customAttributeKeys: { reqId: 'requestId' },
    quietReqLogger: true,
    quietResLogger: true,
    genReqId: (req, res) => {
      const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
      res.setHeader(REQUEST_ID_HEADER, requestId);
      return requestId;
    },
    customLogLevel: (req, res) => levelOf(log, outcome(req, res).status),
    customSuccessMessage: requestMessage,
    customErrorMessage: requestMessage,
    customSuccessObject: requestLine,
    customErrorObject: requestLine,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    (res as TimedResponse)[STARTED] = process.hrtime.bigint();
    // 'close' comes after 'finish' for an answer sent in full, and alone when the connection went first.
    res.once('close', () => {
      const { status, route } = outcome(req, res);
      metrics.httpRequestDuration.observe({ method: req.method, route, status: String(status) }, secondsSince(res));
    });
    httpLog(req, res, next);
  };
}

/**
 * nestjs-pino for the server's Nest logger (`app.useLogger(app.get(Logger))`): it writes through `log`, and within a
 * request through the request's child logger that requestLog made (`useExisting`: nestjs-pino mounts no pino-http
 * of its own, whose place among Nest's middleware, after the body parsers, would miss the requests they refuse).
 */
export function serverLogging(log: Logger): DynamicModule {
  return LoggerModule.forRoot({ pinoHttp: { logger: log }, useExisting: true });
}
