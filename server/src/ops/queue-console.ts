import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { AppViewRoute } from '@bull-board/api/typings/app';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiMessages, OpsMessages, QueueName, type ApiErrorBody } from '@oddspulse/shared';
import type { JobQueueService } from '@oddspulse/core';
import { codeOfStatus } from '../errors/http-exception.filter';

/** Where the queue console is served, outside the /api prefix. */
export const QUEUE_CONSOLE_PATH = '/ops/queues';

/** Cleaning a whole queue of the jobs in one status. */
const CLEAN_QUEUE = 'put /api/queues/:queueName/clean/:queueStatus';

/**
 * The console's changes an operator may make (retry, clean, remove — a job's "remove" is its clean — plus
 * promoting a delayed job and pausing a queue). Everything else bull-board offers is refused, on the server: adding or
 * editing jobs would put payloads the job map never typed in front of the workers, and emptying, obliterating or
 * removing a job scheduler loses work or stops the feeds. Cleaning a whole queue clears finished jobs only
 * (CLEANABLE_STATUSES).
 */
export const CONSOLE_CHANGES: ReadonlySet<string> = new Set([
  'put /api/queues/:queueName/retry/:queueStatus',
  'put /api/queues/:queueName/:jobId/retry',
  CLEAN_QUEUE,
  'put /api/queues/:queueName/:jobId/clean',
  'put /api/queues/:queueName/promote',
  'put /api/queues/:queueName/:jobId/promote',
  'put /api/queues/:queueName/pause',
  'put /api/queues/:queueName/resume',
  'put /api/queues/pause',
  'put /api/queues/resume',
]);

/**
 * What cleaning a whole queue may clear: jobs that ran. Its waiting, delayed or paused jobs are work not yet done, and
 * cleaning them empties the queue as "empty", which the console refuses, would.
 */
const CLEANABLE_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed']);

/** Whether bull-board's route `method route` with these path parameters is a read, or a change the console offers. */
export function consoleRouteAllowed(method: string, route: string, params: Record<string, unknown> = {}): boolean {
  const verb = method.toLowerCase();
  if (verb === 'get') return true;
  const change = `${verb} ${route}`;
  if (!CONSOLE_CHANGES.has(change)) return false;
  return change !== CLEAN_QUEUE || CLEANABLE_STATUSES.has(String(params.queueStatus));
}

/** A stylesheet bull-board's page asks of a font host: the page CSP (font and style sources: this origin) refuses it. */
const EXTERNAL_FONTS = /<link\b[^>]*\bhref="https:\/\/fonts\.googleapis\.com\/[^"]*"[^>]*>\s*/g;

/** Read by screen readers, not drawn: bull-board draws its own header, whose title is no heading. */
const VISUALLY_HIDDEN =
  'position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * bull-board's page as the console serves it: without the font host's stylesheet (the CSP would refuse it on every
 * load; its CSS falls back to the system fonts), and with the page's h1, the console's title.
 */
export function consolePage(html: string, title: string): string {
  return html
    .replace(EXTERNAL_FONTS, '')
    .replace(/<body\b[^>]*>/, (body) => `${body}\n<h1 style="${VISUALLY_HIDDEN}">${escapeHtml(title)}</h1>`);
}

/** bull-board's Express adapter whose entry page goes through consolePage. */
class ConsoleAdapter extends ExpressAdapter {
  override setEntryRoute(routeDef: AppViewRoute): ExpressAdapter {
    this.app[routeDef.method](routeDef.route, (_req: Request, res: Response, next: NextFunction) => {
      const { name, params } = routeDef.handler({ basePath: this.basePath, uiConfig: this.uiConfig });
      res.render(name, params, (error: Error | null, html: string) =>
        error ? next(error) : res.send(consolePage(html, this.uiConfig.boardTitle ?? '')),
      );
    });
    return this;
  }
}

/**
 * bull-board (its BullMQ and Express adapters) over every queue of the job map: waiting, active, delayed, failed and
 * completed jobs with their data and errors. `readOnly` gives the `ops_viewer` board, with no action at all.
 */
export function queueConsole(jobs: JobQueueService, readOnly: boolean): RequestHandler {
  const adapter = new ConsoleAdapter().setBasePath(QUEUE_CONSOLE_PATH);
  createBullBoard({
    queues: Object.values(QueueName).map((name) => new BullMQAdapter(jobs.queue(name), { readOnlyMode: readOnly })),
    serverAdapter: adapter,
    options: {
      uiConfig: {
        boardTitle: readOnly ? 'OddsPulse queues (read-only)' : 'OddsPulse queues',
        miscLinks: [{ text: 'Operations', url: '/ops' }],
        hideDocsLink: true,
      },
      handlerHooks: {
        before: ({ method, route, request }) =>
          consoleRouteAllowed(method, route, request.params)
            ? { allow: true }
            : { allow: false, status: 403, message: OpsMessages.actionNotOffered },
      },
    },
  });
  return adapter.getRouter() as RequestHandler;
}

/**
 * An error answer of the console in the API's shape. bull-board writes its own (`{error: {key: 'ERRORS.QUEUE_NOT_FOUND'},
 * message, details}`, `details` the stack when NODE_ENV is development): its `error`, which the console's page reads, is
 * kept beside `statusCode`, `code` (the key without its `ERRORS.` prefix) and `message`; the stack never leaves. An
 * answer already in the API's shape (a refusal, a route that does not exist) stays as it is.
 */
export function consoleErrorBody(status: number, body: unknown): ApiErrorBody {
  const given = (body ?? {}) as {
    statusCode?: unknown;
    code?: unknown;
    error?: { key?: unknown } | string;
    message?: unknown;
  };
  if (typeof given.statusCode === 'number' && typeof given.code === 'string') return body as ApiErrorBody;
  const key =
    typeof given.error === 'object' && typeof given.error.key === 'string'
      ? given.error.key.replace(/^ERRORS\./, '')
      : null;
  const bug = status >= 500;
  const code = bug ? 'SERVER_ERROR' : key && key !== 'INTERNAL_SERVER_ERROR' ? key : codeOfStatus(status);
  const message = bug ? ApiMessages.serverError : typeof given.message === 'string' ? given.message : code;
  return { statusCode: status, code, message, ...(given.error === undefined ? {} : { error: given.error }) };
}

/** Every answer of 400 and more the console writes on `res` is given the API's shape (consoleErrorBody). */
export function answerConsoleErrorsInApiShape(res: Response): void {
  const json = res.json.bind(res);
  res.json = (body: unknown) => json(res.statusCode >= 400 ? consoleErrorBody(res.statusCode, body) : body);
}
