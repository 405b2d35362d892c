import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { queueProcessors } from './queue-processors';
import { ExternalFailure, LoggedExternalFailure } from './external-failure';

type FailedLogger = { onFailed(job: Job | undefined, error: Error): void; onError(error: Error): void };

// A job failed by something outside OddsPulse (a feed, PostgreSQL or Redis away) is a warning with its
// reason; only our own failures are errors with a stack.
describe('the failed-job log', () => {
  const processor = new (queueProcessors[0] as unknown as new (...args: unknown[]) => FailedLogger)({}, {});
  const job = { name: 'odds.poll', id: 'odds-nba-1', attemptsMade: 1 } as Job;
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;

  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['a feed answering badly', new ExternalFailure('feed answered 500')],
    ['Redis away', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['PostgreSQL lost', new Error('Connection terminated unexpectedly')],
  ])('logs %s as a warning with its reason, no stack', (_what, failure) => {
    processor.onFailed(job, failure);
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'odds.poll', reason: failure.message }),
      `Job failed: ${failure.message}`,
    );
    expect(JSON.stringify(warn.mock.calls[0][0])).not.toContain('stack');
  });

  it('leaves out a feed failure its pipeline logged when the feed changed state, and BullMQ does not retry it', () => {
    const debug = jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
    const logged = new LoggedExternalFailure('odds basketball_nba: HTTP 500');
    processor.onFailed(job, logged);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledTimes(1);
    // BullMQ's test for an unrecoverable error (Job.moveToFailed): instanceof UnrecoverableError or this name
    expect(logged.name).toBe('UnrecoverableError');
  });

  it('logs a worker connection refused by Redis as a warning with its reason, once a minute', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
    processor.onError(refused);
    processor.onError(refused);
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ reason: refused.message }),
      `Worker error: ${refused.message}`,
    );
  });

  it('logs the jobs an outage fails once a minute by reason, with how many it left out', () => {
    const outage = new Error('Connection terminated due to connection timeout');
    const at = jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-28T08:00:00Z'));
    for (let i = 0; i < 20; i++) processor.onFailed({ ...job, id: `odds-nba-${i}` } as Job, outage);
    expect(warn).toHaveBeenCalledTimes(1);
    at.mockReturnValue(Date.parse('2026-11-28T08:01:00Z'));
    processor.onFailed(job, outage);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[1][0]).toMatchObject({ reason: outage.message, suppressedRepeats: 19 });
  });

  it('logs every job a user endpoint or a feed fails: each is its own', () => {
    for (let i = 0; i < 3; i++) processor.onFailed(job, new ExternalFailure('webhook answered 500'));
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('logs a failure of our own as an error with the error', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'events')");
    processor.onFailed(job, bug);
    expect(warn).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ err: bug }), `Job failed: ${bug.message}`);
  });
});

type ShuttingDown = { beforeApplicationShutdown(): Promise<void> };

// docs/operating.md "A worker killed": with Redis down a worker sent SIGTERM does not wait for its jobs. On a cluster
// BullMQ's client stays `ready` while the queues' slot is unserved (BullConnection), so Redis is asked.
describe('a queue processor shutting down', () => {
  /** A processor whose worker's Redis is `ready` and answers a read as `answer` does; its jobs never finish. */
  function processorWith(answer: () => Promise<number>) {
    const client = { status: 'ready', hexists: answer };
    const worker = {
      backend: { client: Promise.resolve(client) },
      keys: { meta: '{op:bull}:feeds:meta' },
      pause: jest.fn(() => new Promise<void>(() => undefined)),
      close: jest.fn(async () => undefined),
    };
    const processor = new (queueProcessors[0] as unknown as new (...args: unknown[]) => ShuttingDown)({}, {});
    // as @nestjs/bullmq's explorer hands a processor its worker
    Object.assign(processor, { _worker: worker });
    return { processor, worker };
  }

  afterEach(() => jest.restoreAllMocks());

  it('closes at once, saying Redis is down, when a cluster answers CLUSTERDOWN on a ready connection', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const { processor, worker } = processorWith(() => Promise.reject(new Error('CLUSTERDOWN The cluster is down')));
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const closed = await Promise.race([
      processor.beforeApplicationShutdown().then(() => 'closed'),
      new Promise((resolve) => (timer = setTimeout(resolve, 2000, 'still waiting for its jobs'))),
    ]);
    clearTimeout(timer);
    expect(closed).toBe('closed');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(worker.pause).not.toHaveBeenCalled();
    expect(worker.close).toHaveBeenCalledWith(true);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ redis: 'down', reason: 'CLUSTERDOWN The cluster is down' }),
      'Closing the worker without waiting for its jobs: BullMQ retries them',
    );
  });

  it('gives its jobs time to finish while Redis answers', async () => {
    const { processor, worker } = processorWith(async () => 0);
    worker.pause.mockResolvedValue(undefined);
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    await processor.beforeApplicationShutdown();
    expect(worker.pause).toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(worker.close).toHaveBeenCalledWith(true);
  });
});
