import type { Server } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import { json, type NextFunction, type Request, type Response } from 'express';
import { APP_CONFIG, type AppConfig, MetricsService } from '@oddspulse/core';
import { ApiErrors } from '../errors/api-errors';
import { HttpExceptionFilter } from '../errors/http-exception.filter';
import { PICKS_IMPORT_BODY_LIMIT } from '../picks/picks.dto';
import { ControlCharactersPipe } from '../validation/control-characters.pipe';
import { requestLog } from './request-log';
import { securityHeaders } from './security-headers';

/**
 * A JSON body that does not parse becomes ApiErrors.invalidJson here: past this point Nest turns the parser's
 * SyntaxError into a bare 400 carrying the parser's own text and no code.
 */
function invalidJsonBody(error: unknown, _req: Request, _res: Response, next: NextFunction): void {
  next((error as { type?: string } | null)?.type === 'entity.parse.failed' ? ApiErrors.invalidJson() : error);
}

/**
 * How long an idle keep-alive connection is kept: longer than the idle timeouts of the clients and of the load balancers
 * in front (commonly 60 s), so the client closes first. At Node's default of 5 s the server closed sockets that clients
 * were just reusing, and their requests failed with ECONNRESET (seen in the e2e suite, between two calls 5 s apart).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The header naming the web app build (clientBuildId) on API answers. */
export const APP_BUILD_HEADER = 'X-App-Build';

/**
 * HTTP set-up shared by the server and the integration tests: one log line and a request id per request (first, so
 * every request is counted, refused ones included), security headers (helmet's, by kind of answer:
 * security-headers.ts), cookie parsing for the access and CSRF cookies, client addresses
 * taken from X-Forwarded-For only through the proxies TRUST_PROXY names (none by default), JSON bodies (Nest then adds
 * no parser of its own), the one exception filter that shapes every error body, and the keep-alive timeout.
 */
export function configureHttp(
  app: NestExpressApplication,
  { https, inlineScripts, build = null }: { https: boolean; inlineScripts?: readonly string[]; build?: string | null },
): void {
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // a request's headers may take no longer than the idle wait before it (Node's rule: headersTimeout > keepAliveTimeout)
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  const express = app.getHttpAdapter().getInstance() as { set(name: string, value: unknown): void; disable(name: string): void };
  express.set('trust proxy', app.get<AppConfig>(APP_CONFIG).TRUST_PROXY);
  express.disable('x-powered-by');
  app.use(requestLog(app.get(MetricsService)));
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
  // A route whose schema allows more than the default 100 KB parses its body first, with a limit fitting the schema (a
  // body parsed once is not parsed again by the default parser after it).
  app.use('/api/picks/import', json({ limit: PICKS_IMPORT_BODY_LIMIT }));
  app.useBodyParser('json');
  app.use(invalidJsonBody);
  app.useGlobalPipes(new ControlCharactersPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
}
