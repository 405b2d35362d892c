import { Logger } from '@nestjs/common';
import type { RealtimeBus } from '../realtime/realtime-bus';
import { RedisKeys } from '../redis/redis-keys';
import { ANNOUNCE_RETRY_DELAYS_MS, PrincipalChanges } from './principal-changes';

/** A bus whose publishes fail as many times as told, then succeed; it records each try. */
function busFailing(times: number) {
  const tries: string[] = [];
  let failures = times;
  const bus = {
    publishControl: jest.fn(async (topic: readonly string[], message: string) => {
      tries.push(`${topic.join(':')} ${message}`);
      if (failures-- > 0) throw new Error('Connection is closed.');
    }),
  };
  return { bus: bus as unknown as RealtimeBus, tries };
}

describe('PrincipalChanges.announce', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    jest.useFakeTimers();
    errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    errors.mockRestore();
  });

  const topic = RedisKeys.principalChanged.join(':');

  it("tells this process's listeners first, then publishes once", async () => {
    const { bus, tries } = busFailing(0);
    const changes = new PrincipalChanges(bus);
    const heard: string[] = [];
    changes.onAnnounced((userId) => heard.push(userId));
    await changes.announce('user-1');
    expect(heard).toEqual(['user-1']);
    expect(tries).toEqual([`${topic} user-1`]);
  });

  it('answers at once when the publish fails, and tries it again in the background until it goes', async () => {
    const { bus, tries } = busFailing(2);
    const changes = new PrincipalChanges(bus);
    await changes.announce('user-1');
    expect(tries).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(ANNOUNCE_RETRY_DELAYS_MS[0]);
    expect(tries).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(ANNOUNCE_RETRY_DELAYS_MS[1]);
    expect(tries).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(tries).toHaveLength(3);
    expect(errors).not.toHaveBeenCalled();
  });

  it('gives up after its last retry, within the principal TTL, and says so', async () => {
    const { bus, tries } = busFailing(Infinity);
    const changes = new PrincipalChanges(bus);
    await changes.announce('user-1');
    await jest.advanceTimersByTimeAsync(ANNOUNCE_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    expect(tries).toHaveLength(1 + ANNOUNCE_RETRY_DELAYS_MS.length);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0][0]).toMatchObject({ userId: 'user-1' });
    await jest.advanceTimersByTimeAsync(60_000);
    expect(tries).toHaveLength(1 + ANNOUNCE_RETRY_DELAYS_MS.length);
  });

  it('drops its waiting retries when the process stops, saying which announcements were not made', async () => {
    const { bus, tries } = busFailing(Infinity);
    const changes = new PrincipalChanges(bus);
    await changes.announce('user-1');
    await changes.announce('user-2');
    changes.onApplicationShutdown();
    expect(errors.mock.calls.map(([entry]) => (entry as { userId: string }).userId)).toEqual(['user-1', 'user-2']);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(tries).toHaveLength(2);
  });
});
