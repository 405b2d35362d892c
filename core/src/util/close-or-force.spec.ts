import type { Logger } from '@nestjs/common';
import { CLOSE_MS, closeOrForce } from './close-or-force';

// closeOrForce is the one time limit of a connection's close at shutdown (PG pool, Redis, BullMQ cluster, realtime
// bus, socket.io adapter, the job queues)
describe('closeOrForce', () => {
  let warn: jest.Mock;
  let logger: Logger;

  beforeEach(() => {
    // withTimeout judges in the turn after its timer: immediates stay real, and each step lets one turn pass
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    warn = jest.fn();
    logger = { warn } as unknown as Logger;
  });

  afterEach(() => jest.useRealTimers());

  const pass = async (ms: number) => {
    await jest.advanceTimersByTimeAsync(ms);
    await new Promise((turn) => setImmediate(turn));
  };

  /** A close that never answers, as a QUIT waiting behind a command for a Redis that went away. */
  const hanging = () => new Promise<void>(() => undefined);

  it('leaves a close that answers in time alone', async () => {
    const force = jest.fn();
    await closeOrForce(Promise.resolve(), force, 'the quit of Redis', logger);
    expect(force).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('drops what it closes after CLOSE_MS, with a warning naming it', async () => {
    const force = jest.fn();
    const done = closeOrForce(hanging(), force, 'the quit of Redis', logger);
    await pass(CLOSE_MS - 1);
    expect(force).not.toHaveBeenCalled();
    await pass(1);
    await done;
    expect(force).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      { timeoutMs: CLOSE_MS },
      `the quit of Redis timed out after ${CLOSE_MS} ms; its connections are dropped`,
    );
  });

  it('drops what a failed close leaves, with its reason', async () => {
    const force = jest.fn();
    await closeOrForce(Promise.reject(new Error('Connection is closed.')), force, 'the quit of Redis', logger);
    expect(force).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      { timeoutMs: CLOSE_MS },
      'the quit of Redis failed: Connection is closed.; its connections are dropped',
    );
  });

  describe('with rethrowFailure (a BullMQ queue, whose close lets connection errors pass)', () => {
    it('throws a failed close, dropping nothing', async () => {
      const force = jest.fn();
      const fault = new Error('a fault');
      await expect(
        closeOrForce(Promise.reject(fault), force, 'the close of queue odds', logger, { rethrowFailure: true }),
      ).rejects.toBe(fault);
      expect(force).not.toHaveBeenCalled();
      expect(warn).not.toHaveBeenCalled();
    });

    it('still drops a close that takes too long', async () => {
      const force = jest.fn();
      const done = closeOrForce(hanging(), force, 'the close of queue odds', logger, { rethrowFailure: true });
      await pass(CLOSE_MS);
      await done;
      expect(force).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith(
        { timeoutMs: CLOSE_MS },
        `the close of queue odds timed out after ${CLOSE_MS} ms; its connections are dropped`,
      );
    });
  });

  it("gives the warning the fields as they are when it is logged (a connection's status as it is dropped)", async () => {
    const connection = { status: 'ready' };
    const done = closeOrForce(hanging(), jest.fn(), 'the close of queue odds', logger, {
      fields: () => ({ queue: 'odds', status: connection.status }),
    });
    connection.status = 'reconnecting';
    await pass(CLOSE_MS);
    await done;
    expect(warn).toHaveBeenCalledWith(
      { timeoutMs: CLOSE_MS, queue: 'odds', status: 'reconnecting' },
      expect.stringContaining('the close of queue odds timed out'),
    );
  });

  it('finishes only once an asynchronous drop has', async () => {
    let dropped!: () => void;
    const force = () => new Promise<void>((resolve) => (dropped = resolve));
    let finished = false;
    const done = closeOrForce(hanging(), force, 'the close of queue odds', logger).then(() => (finished = true));
    await pass(CLOSE_MS);
    expect(finished).toBe(false);
    dropped();
    await done;
    expect(finished).toBe(true);
  });
});
