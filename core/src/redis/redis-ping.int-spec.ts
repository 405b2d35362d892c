import { createServer, type AddressInfo, type Socket } from 'node:net';
import { parseConfig } from '../config/config.schema';
import { holdLoop } from '../../../test/support/event-loop-watch';
import { RedisService } from './redis.service';

// On a starved CPU (load 4–12 on 2 cores) health said "Redis does not answer" while Redis was up: the PONG had arrived,
// but the time-out's timer ran first in the turn after the loop was held.
describe('a Redis ping on a loop held past its time-out (real Redis)', () => {
  const redis = new RedisService(parseConfig(process.env));

  beforeAll(() => redis.ping(2000));
  afterAll(() => redis.onApplicationShutdown());

  it('reads the answer that arrived while the loop was held', async () => {
    const answered = redis.ping(100);
    holdLoop(400);
    await expect(answered).resolves.toBe(true);
  });

  it('still answers false when nothing answers in time', async () => {
    // a server that takes the connection and never answers
    const taken: Socket[] = [];
    const silent = createServer((socket) => taken.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const other = new RedisService({ ...parseConfig(process.env), REDIS_URL: `redis://127.0.0.1:${port}` });
    try {
      await expect(other.ping(100)).resolves.toBe(false);
    } finally {
      other.client.disconnect();
      taken.forEach((socket) => socket.destroy());
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
