import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { RequestHandler } from 'express';
import { OpsMessages, QueueName } from '@oddspulse/shared';
import type { JobQueueService } from '@oddspulse/core';

/** Where the queue console is served, outside the /api prefix. */
export const QUEUE_CONSOLE_PATH = '/ops/queues';

/**
 * The console's changes an operator may make (retry, clean, remove — a job's "remove" is its clean — plus
 * promoting a delayed job and pausing a queue). Everything else bull-board offers is refused, on the server: adding or
 * editing jobs would put payloads the job map never typed in front of the workers, and emptying, obliterating or
 * removing a job scheduler loses work or stops the feeds.
 */
export const CONSOLE_CHANGES: ReadonlySet<string> = new Set([
  'put /api/queues/:queueName/retry/:queueStatus',
  'put /api/queues/:queueName/:jobId/retry',
  'put /api/queues/:queueName/clean/:queueStatus',
  'put /api/queues/:queueName/:jobId/clean',
  'put /api/queues/:queueName/promote',
  'put /api/queues/:queueName/:jobId/promote',
  'put /api/queues/:queueName/pause',
  'put /api/queues/:queueName/resume',
  'put /api/queues/pause',
  'put /api/queues/resume',
]);

/** Whether bull-board's route `method route` is a read, or a change the console offers. */
export function consoleRouteAllowed(method: string, route: string): boolean {
  const verb = method.toLowerCase();
  return verb === 'get' || CONSOLE_CHANGES.has(`${verb} ${route}`);
}

/**
 * bull-board (its BullMQ and Express adapters) over every queue of the job map: waiting, active, delayed, failed and
 * completed jobs with their data and errors. `readOnly` gives the `ops_viewer` board, with no action at all.
 */
export function queueConsole(jobs: JobQueueService, readOnly: boolean): RequestHandler {
  const adapter = new ExpressAdapter().setBasePath(QUEUE_CONSOLE_PATH);
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
        before: ({ method, route }) =>
          consoleRouteAllowed(method, route) ? { allow: true } : { allow: false, status: 403, message: OpsMessages.actionNotOffered },
      },
    },
  });
  return adapter.getRouter() as RequestHandler;
}
