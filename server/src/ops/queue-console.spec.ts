import { appRoutes } from '@bull-board/api/dist/routes.js';
import { consoleErrorBody, CONSOLE_CHANGES, consoleRouteAllowed } from './queue-console';

// The console's changes are retry, clean (a job's remove) and pause; nothing that loses work or adds untyped jobs.
describe('consoleRouteAllowed', () => {
  it('allows every read', () => {
    expect(consoleRouteAllowed('get', '/api/queues')).toBe(true);
    expect(consoleRouteAllowed('get', '/api/queues/:queueName/:jobId')).toBe(true);
  });

  it('allows retrying, cleaning, promoting and pausing', () => {
    for (const route of [
      '/api/queues/:queueName/retry/:queueStatus',
      '/api/queues/:queueName/:jobId/retry',
      '/api/queues/:queueName/:jobId/clean',
      '/api/queues/:queueName/pause',
    ]) {
      expect(consoleRouteAllowed('put', route)).toBe(true);
    }
  });

  it('refuses adding and editing jobs, emptying and obliterating queues, and touching the job schedulers', () => {
    expect(consoleRouteAllowed('post', '/api/queues/:queueName/add')).toBe(false);
    expect(consoleRouteAllowed('patch', '/api/queues/:queueName/:jobId/update-data')).toBe(false);
    expect(consoleRouteAllowed('put', '/api/queues/:queueName/empty')).toBe(false);
    expect(consoleRouteAllowed('put', '/api/queues/:queueName/obliterate')).toBe(false);
    expect(consoleRouteAllowed('put', '/api/queues/:queueName/job-schedulers/:schedulerId/remove')).toBe(false);
  });

  it('names only routes this bull-board version has (an upgrade that renames one fails here)', () => {
    const known = new Set(appRoutes.api.flatMap((r) => (Array.isArray(r.route) ? r.route : [r.route]).map((route) => `${r.method} ${route}`)));
    for (const change of CONSOLE_CHANGES) {
      expect(known).toContain(change);
    }
  });
});

describe('consoleErrorBody', () => {
  it("gives bull-board's errors the API's shape, keeping its key for the page and dropping the stack", () => {
    expect(consoleErrorBody(404, { error: { key: 'ERRORS.QUEUE_NOT_FOUND' } })).toEqual({
      statusCode: 404,
      code: 'QUEUE_NOT_FOUND',
      message: 'QUEUE_NOT_FOUND',
      error: { key: 'ERRORS.QUEUE_NOT_FOUND' },
    });
    expect(consoleErrorBody(500, { error: { key: 'ERRORS.INTERNAL_SERVER_ERROR' }, message: 'boom', details: 'Error: boom\n    at x' })).toEqual({
      statusCode: 500,
      code: 'SERVER_ERROR',
      message: 'Server error. Our team has been notified.',
      error: { key: 'ERRORS.INTERNAL_SERVER_ERROR' },
    });
  });

  it('leaves an answer already in the API shape as it is', () => {
    const refusal = { statusCode: 403, code: 'OPS_REQUIRED', message: 'Operations access required' };
    expect(consoleErrorBody(403, refusal)).toBe(refusal);
  });
});
