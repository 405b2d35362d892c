import { EventEmitter } from 'node:events';
import type { RedisService } from '../redis/redis.service';
import { DependencyUnavailableError } from '../util/dependency-errors';
import { RealtimeBus } from './realtime-bus';

// The barriers' own connection is the bus's to close: one opened after its shutdown would be closed by nothing, and the
// API server, which has no last-resort exit, would not exit.
describe('RealtimeBus barriers', () => {
  const connection = () => ({
    publish: jest.fn().mockResolvedValue(1),
    quit: jest.fn().mockResolvedValue('OK'),
    disconnect: jest.fn(),
  });
  const redisService = (made: Array<ReturnType<typeof connection>>) =>
    ({
      cluster: false,
      key: (...parts: string[]) => ['op', ...parts].join(':'),
      connect: jest.fn(() => {
        const one = connection();
        made.push(one);
        return one;
      }),
    }) as unknown as RedisService;

  it('sends barriers on one connection of their own, quits it at shutdown, and opens none after', async () => {
    const made: Array<ReturnType<typeof connection>> = [];
    const bus = new RealtimeBus(redisService(made));
    await bus.publishBarrier(['relay', 'barrier'], 'a');
    await bus.publishBarrier(['relay', 'barrier'], 'b');
    expect(made).toHaveLength(1);
    expect(made[0].publish.mock.calls).toEqual([
      ['op:relay:barrier', 'a'],
      ['op:relay:barrier', 'b'],
    ]);

    await bus.onApplicationShutdown();
    expect(made[0].quit).toHaveBeenCalledTimes(1);
    await expect(bus.publishBarrier(['relay', 'barrier'], 'late')).rejects.toBeInstanceOf(DependencyUnavailableError);
    expect(made).toHaveLength(1);
  });

  it('counts a listener attempted only once its barriers connection is ready or has failed a first time', async () => {
    const made: EventEmitter[] = [];
    const redis = {
      cluster: false,
      prefix: 'op',
      key: (...parts: string[]) => ['op', ...parts].join(':'),
      connect: jest.fn(() => {
        const one = Object.assign(new EventEmitter(), { status: 'connecting', quit: jest.fn(), disconnect: jest.fn() });
        made.push(one);
        return one;
      }),
    } as unknown as RedisService;
    const bus = new RealtimeBus(redis);
    let attempted = false;
    void bus.listen('relay', { control: [], barriers: true }).attempted.then(() => (attempted = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(attempted).toBe(false);
    made[0].emit('ready');
    await new Promise((resolve) => setImmediate(resolve));
    expect(attempted).toBe(true);

    // a Redis away at start: attempted once its first connect has failed, the connection retrying by itself
    const away = new RealtimeBus(redis);
    let failedOnce = false;
    void away.listen('relay', { control: [], barriers: true }).attempted.then(() => (failedOnce = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(failedOnce).toBe(false);
    made[2].emit('error', new Error('connect ECONNREFUSED'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(failedOnce).toBe(true);
  });
});
