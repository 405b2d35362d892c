import type { Queue } from 'bullmq';
import { QUEUE_REDIS_ANSWER_MS, queueRedisDown } from './bull-connection';

/** A queue whose BullMQ client has `status` and answers a read as `answer` does. */
function queueWith(status: string, answer: () => Promise<number>) {
  const hexists = jest.fn(answer);
  const queue = { backend: { client: Promise.resolve({ status, hexists }) }, keys: { meta: '{op:bull}:feeds:meta' } };
  return { queue: queue as unknown as Queue, hexists };
}

/** What `check` has settled with so far (fake timers: only the time the test lets pass passes). */
function settling<T>(check: Promise<T>): { result: T | 'pending' } {
  const state: { result: T | 'pending' } = { result: 'pending' };
  void check.then((result) => (state.result = result));
  return state;
}

// docs/operating.md "A worker killed": whether the queues' Redis answers is asked of Redis, not of the connection's
// status, which a cluster client without the ready check keeps `ready` through CLUSTERDOWN (BullConnection).
describe('queueRedisDown', () => {
  it('is null when the queue key is read', async () => {
    const { queue, hexists } = queueWith('ready', async () => 1);
    expect(await queueRedisDown(queue)).toBeNull();
    expect(hexists).toHaveBeenCalledWith('{op:bull}:feeds:meta', 'paused');
  });

  describe('in time', () => {
    // withTimeout judges in the turn after its timer: immediates stay real, and each step lets one turn pass
    beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
    afterEach(() => jest.useRealTimers());
    const pass = async (ms: number) => {
      await jest.advanceTimersByTimeAsync(ms);
      await new Promise((turn) => setImmediate(turn));
    };

    it('says why, at once, when a ready connection is answered CLUSTERDOWN', async () => {
      const { queue } = queueWith('ready', () => Promise.reject(new Error('CLUSTERDOWN The cluster is down')));
      const check = settling(queueRedisDown(queue));
      await pass(0);
      expect(check.result).toBe('CLUSTERDOWN The cluster is down');
    });

    it('counts a ready connection that does not answer as down after QUEUE_REDIS_ANSWER_MS', async () => {
      const { queue } = queueWith('ready', () => new Promise<number>(() => undefined));
      const check = settling(queueRedisDown(queue));
      await pass(QUEUE_REDIS_ANSWER_MS - 1);
      expect(check.result).toBe('pending');
      await pass(1);
      expect(check.result).toBe(`the queue's Redis timed out after ${QUEUE_REDIS_ANSWER_MS} ms`);
    });

    it('counts a queue whose connection is still being made as down after QUEUE_REDIS_ANSWER_MS', async () => {
      const queue = { backend: { client: new Promise(() => undefined) }, keys: { meta: 'op:bull:feeds:meta' } };
      const check = settling(queueRedisDown(queue as unknown as Queue));
      await pass(QUEUE_REDIS_ANSWER_MS);
      expect(check.result).toBe(`the queue's Redis timed out after ${QUEUE_REDIS_ANSWER_MS} ms`);
    });
  });

  it('sends nothing on a connection that is down (it would wait in the offline queue)', async () => {
    const { queue, hexists } = queueWith('reconnecting', async () => 1);
    expect(await queueRedisDown(queue)).toBe('connection reconnecting');
    expect(hexists).not.toHaveBeenCalled();
  });
});
