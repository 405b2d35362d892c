import { appRoutes } from '@bull-board/api/dist/routes.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { consoleErrorBody, CONSOLE_CHANGES, consolePage, consoleRouteAllowed } from './queue-console';

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

  it('cleans finished jobs only off a whole queue: its waiting, delayed and paused jobs are work not yet done', () => {
    const clean = '/api/queues/:queueName/clean/:queueStatus';
    expect(consoleRouteAllowed('put', clean, { queueName: 'alerts', queueStatus: 'completed' })).toBe(true);
    expect(consoleRouteAllowed('put', clean, { queueName: 'alerts', queueStatus: 'failed' })).toBe(true);
    for (const queueStatus of ['wait', 'waiting', 'delayed', 'paused', 'prioritized', 'active', undefined])
      expect(consoleRouteAllowed('put', clean, { queueName: 'alerts', queueStatus })).toBe(false);
  });

  it('names only routes this bull-board version has (an upgrade that renames one fails here)', () => {
    const known = new Set(
      appRoutes.api.flatMap((r) =>
        (Array.isArray(r.route) ? r.route : [r.route]).map((route) => `${String(r.method)} ${route}`),
      ),
    );
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
    expect(
      consoleErrorBody(500, {
        error: { key: 'ERRORS.INTERNAL_SERVER_ERROR' },
        message: 'boom',
        details: 'Error: boom\n    at x',
      }),
    ).toEqual({
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

// The console's page: no stylesheet from a font host (the CSP refuses it), and an h1
describe('consolePage', () => {
  // bull-board's own page template, as this version ships it (an upgrade that moves the fonts fails here)
  const template = readFileSync(
    join(require.resolve('@bull-board/ui/package.json'), '..', 'dist', 'index.ejs'),
    'utf8',
  );

  it("drops the font host stylesheet and keeps bull-board's own", () => {
    expect(template).toContain('https://fonts.googleapis.com/');
    const page = consolePage(template, 'OddsPulse queues');
    expect(page).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    expect(page).toMatch(/<link href="static\/css\/main\.[0-9a-f]+\.css" rel="stylesheet">/);
  });

  it('opens the body with the console title as its h1, escaped', () => {
    expect(consolePage(template, 'OddsPulse queues')).toMatch(
      /<body class="preload">\n<h1 style="[^"]+">OddsPulse queues<\/h1>/,
    );
    expect(consolePage('<body>', 'a <b> & "c"')).toBe(
      '<body>\n<h1 style="position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0">a &lt;b&gt; &amp; &quot;c&quot;</h1>',
    );
  });
});
