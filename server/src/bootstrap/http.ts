import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import type { IncomingMessage } from 'node:http';
import { json, text, type NextFunction, type Request, type Response } from 'express';
import { ApiMessages, APP_BUILD_HEADER } from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig, MetricsService } from '@oddspulse/core';
import { ApiErrors, errorBody } from '../errors/api-errors';
import { HttpExceptionFilter } from '../errors/http-exception.filter';
import { PICKS_IMPORT_BODY_LIMIT } from '../picks/picks.dto';
import { TextInputPipe } from '../validation/text-input.pipe';
import { nestedDeeperThan } from '../validation/json-depth';
import type { Logger } from 'pino';
import { requestLog } from './request-log';
import { securityHeaders } from './security-headers';

class JsonTooDeep extends Error {}

/**
 * Runs on a JSON body's bytes before they are parsed: a body nested deeper than MAX_JSON_DEPTH is refused (a
 * pass over the bytes, where parsing it would hold the event loop for seconds). Keeps the bytes as `rawBody`, as
 * Nest's own parser does with `rawBody: true` (Stripe's webhook signature is over them), since this parser replaces it.
 */
function checkJsonBody(req: IncomingMessage & { rawBody?: Buffer }, _res: unknown, bytes: Buffer): void {
  if (nestedDeeperThan(bytes)) throw new JsonTooDeep();
  req.rawBody = bytes;
}

/**
 * A JSON body that does not parse becomes ApiErrors.invalidJson here (past this point Nest turns the parser's
 * SyntaxError into a bare 400 carrying the parser's own text and no code), one nested too deeply ApiErrors.jsonTooDeep.
 */
/**
 * JSON is UTF-8 (RFC 8259 §8.1): a JSON body declared in any other charset is refused with 415 before a parser reads it.
 * The depth check and the sliced picks import read a body's bytes as UTF-8, which another encoding would slip past
 * (a UTF-16 body of 24,900 levels was parsed whole); no client of ours sends anything else.
 */
function refuseNonUtf8Json(req: Request, _res: Response, next: NextFunction): void {
  const type = req.headers['content-type'];
  if (!type || !/^\s*application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i.test(type)) return next();
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(type)?.[1].toLowerCase();
  next(charset === undefined || charset === 'utf-8' ? undefined : ApiErrors.jsonNotUtf8());
}

function invalidJsonBody(error: unknown, _req: Request, _res: Response, next: NextFunction): void {
  const type = (error as { type?: string } | null)?.type;
  if (type === 'entity.parse.failed') return next(ApiErrors.invalidJson());
  next(type === 'entity.verify.failed' && error instanceof JsonTooDeep ? ApiErrors.jsonTooDeep() : error);
}

/**
 * What a request Node's HTTP parser refuses gets, before any middleware could see it (headers past the limit, a
 * malformed request line, headers that never finish): the API's error body where Node writes a bare status line.
 */
function answerUnparsedRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', ApiMessages.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', ApiMessages.requestTimeout]
        : [400, 'MALFORMED_REQUEST', ApiMessages.malformedRequest];
  const body = JSON.stringify(errorBody(status, code, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * How long an idle keep-alive connection is kept: longer than the idle timeouts of the clients and of the load balancers
 * in front (commonly 60 s), so the client closes first. At Node's default of 5 s the server closed sockets that clients
 * were just reusing, and their requests failed with ECONNRESET (seen in the e2e suite, between two calls 5 s apart).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * HTTP set-up shared by the server and the integration tests: one log line and a request id per request, written to
 * `log` (first, so every request is counted, refused ones included), security headers (helmet's, by kind of answer:
 * security-headers.ts), cookie parsing for the access and CSRF cookies, client addresses
 * taken from X-Forwarded-For only through the proxies TRUST_PROXY names (none by default), JSON bodies (Nest then adds
 * no parser of its own), the one exception filter that shapes every error body, the same shape for the requests
 * Node's parser refuses, and the keep-alive timeout.
 */
export function configureHttp(
  app: NestExpressApplication,
  {
    https,
    inlineScripts,
    build = null,
    log,
  }: { https: boolean; inlineScripts?: readonly string[]; build?: string | null; log: Logger },
): void {
  const server = app.getHttpServer();
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // a request's headers may take no longer than the idle wait before it (Node's rule: headersTimeout > keepAliveTimeout)
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  server.on('clientError', answerUnparsedRequest);
  const express = app.getHttpAdapter().getInstance() as {
    set(name: string, value: unknown): void;
    disable(name: string): void;
  };
  express.set('trust proxy', app.get<AppConfig>(APP_CONFIG).TRUST_PROXY);
  express.disable('x-powered-by');
  app.use(requestLog(log, app.get(MetricsService)));
  app.use(securityHeaders({ https, inlineScripts }));
  // Every API answer, errors included, names the web app build being served: a page loaded from an older build
  // can tell that a deploy happened and offer a reload instead of breaking on chunks that are gone.
  if (build) {
    app.use('/api', (_req: Request, res: Response, next: NextFunction) => {
      res.setHeader(APP_BUILD_HEADER, build);
      next();
    });
  }
  app.use(cookieParser());
  app.use(refuseNonUtf8Json);
  // The picks import may be megabytes: its body is kept as text here (so the default parser after it leaves it alone) and
  // parsed by the import in slices that give the event loop back (PicksImportReader), never in one blocking call.
  app.use('/api/picks/import', text({ type: 'application/json', limit: PICKS_IMPORT_BODY_LIMIT }));
  // Named jsonParser like Nest's own, which it therefore does not add.
  app.use(json({ verify: checkJsonBody }));
  app.use(invalidJsonBody);
  app.useGlobalPipes(new TextInputPipe());
  app.useGlobalFilters(new HttpExceptionFilter(app.get(MetricsService)));
}
