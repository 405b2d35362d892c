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
});
