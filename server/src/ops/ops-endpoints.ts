import type { HttpException } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { canOperate, CSRF_HEADER } from '@oddspulse/shared';
import {
  APP_CONFIG,
  type AppConfig,
  JobQueueService,
  MetricsService,
  presentsMetricsToken,
  publicOrigin,
} from '@oddspulse/core';
import { readCookie, sessionCookieNames } from '../accounts/auth/session-cookies';
import { OpsGate } from './ops-gate.service';
import { answerConsoleErrorsInApiShape, QUEUE_CONSOLE_PATH, queueConsole } from './queue-console';

export const METRICS_PATH = '/metrics';
export const OPS_PAGE_PATH = '/ops';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** bull-board's browser code (axios) echoes this cookie in `x-xsrf-token` on its own requests. */
const CONSOLE_XSRF_COOKIE = 'XSRF-TOKEN';
const CONSOLE_XSRF_HEADER = 'x-xsrf-token';

/** A browser opening a page (not a script asking for data): it gets the web app, which explains a refusal. */
function isPageRequest(req: Request): boolean {
  return req.method === 'GET' && req.accepts(['json', 'html']) === 'html';
}

/**
 * The operations endpoints outside /api, mounted before Nest's routes and the web app's fallback:
 * - `/metrics`: Prometheus text for a scraper presenting METRICS_TOKEN as a bearer, or for operations staff;
 * - `/ops/queues`: the queue console (bull-board), read-only for `ops_viewer`, its changes for `ops` only;
 * - `/ops` and below: the web app's page, answered 401 / 403 (still the app, which then says why) to anyone else,
 *   so the page's address never answers 200 to someone it would refuse.
 * Refusals are the API's own errors (401 AUTH_REQUIRED, 403 OPS_REQUIRED / OPS_OPERATE_REQUIRED / CSRF_FAILED).
 * `clientIndex` is the built web app's index.html, when there is one.
 */
export function mountOperations(app: NestExpressApplication, { clientIndex }: { clientIndex: string | null }): void {
  const gate = app.get(OpsGate);
  const metrics = app.get(MetricsService);
  const config = app.get<AppConfig>(APP_CONFIG);
  const jobs = app.get(JobQueueService);
  const boards = { operate: queueConsole(jobs, false), view: queueConsole(jobs, true) };
  const secure = publicOrigin(config).startsWith('https:');
  const csrfCookie = sessionCookieNames(config).csrf;

  /** A page request gets the web app with the refusal's status; anything else the error body. */
  const refuse = (req: Request, res: Response, next: NextFunction, refusal: HttpException) => {
    if (clientIndex && isPageRequest(req))
      return res.status(refusal.getStatus()).setHeader('Cache-Control', 'no-store').sendFile(clientIndex);
    next(refusal);
  };

  app.use(METRICS_PATH, async (req: Request, res: Response, next: NextFunction) => {
    res.locals.route = METRICS_PATH;
    try {
      if (req.method !== 'GET') return next();
      if (!presentsMetricsToken(req.headers.authorization, config.METRICS_TOKEN)) {
        const { refusal } = await gate.decide(req, 'view');
        if (refusal) return next(refusal);
      }
      const { contentType, body } = await metrics.scrape();
      res.status(200).setHeader('Content-Type', contentType).setHeader('Cache-Control', 'no-store').send(body);
    } catch (error) {
      next(error);
    }
  });

  app.use(QUEUE_CONSOLE_PATH, async (req: Request, res: Response, next: NextFunction) => {
    res.locals.route = QUEUE_CONSOLE_PATH;
    try {
      const need = SAFE_METHODS.has(req.method) ? 'view' : 'operate';
      // The console's own requests carry the CSRF token under axios's header name: the same token, the same check.
      const xsrf = req.headers[CONSOLE_XSRF_HEADER];
      if (need === 'operate' && !req.headers[CSRF_HEADER] && typeof xsrf === 'string') req.headers[CSRF_HEADER] = xsrf;
      const decision = await gate.decide(req, need);
      if (decision.refusal) return refuse(req, res, next, decision.refusal);
      // Copied on every read the console makes (it polls), so it follows the session's token when the app refreshes it.
      const csrf = readCookie(req, csrfCookie);
      if (need === 'view' && decision.user.via === 'cookie' && csrf) {
        res.cookie(CONSOLE_XSRF_COOKIE, csrf, {
          path: QUEUE_CONSOLE_PATH,
          sameSite: 'strict',
          secure,
          httpOnly: false,
        });
      }
      if (need === 'operate') gate.recordAction(decision.user, req, res);
      res.setHeader('Cache-Control', 'no-store');
      answerConsoleErrorsInApiShape(res);
      (canOperate(decision.user.role) ? boards.operate : boards.view)(req, res, next);
    } catch (error) {
      next(error);
    }
  });

  app.use(OPS_PAGE_PATH, async (req: Request, res: Response, next: NextFunction) => {
    try {
      // Whatever the web app's fallback would answer with index.html is answered here, with the gate's status.
      if (!clientIndex || req.method !== 'GET' || !req.accepts('html')) return next();
      res.locals.route = OPS_PAGE_PATH;
      const { refusal } = await gate.decide(req, 'view');
      res
        .status(refusal ? refusal.getStatus() : 200)
        .setHeader('Cache-Control', 'no-store')
        .sendFile(clientIndex);
    } catch (error) {
      next(error);
    }
  });
}
