import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { BuiltProcess } from '../support/built-process';
import { OwnRedis } from '../support/own-redis';
import { TcpProxy } from '../support/tcp-proxy';

const SERVER_MAIN = join(__dirname, '..', '..', 'server', 'dist', 'main.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

// The queue and database libraries printed multi-line non-JSON to stderr. The built API server
// (`npx tsc -b core server workers` first) serving requests while PostgreSQL is cut (a TCP proxy) and then Redis
// stopped (its own redis-server), then sent SIGTERM: everything it printed is JSON lines.
describe('API server output through PostgreSQL and Redis outages (own redis-server, PostgreSQL behind a proxy)', () => {
  const proxy = new TcpProxy(Number(new URL(process.env.DATABASE_URL!).port || 5432));
  let redis: OwnRedis;
  let server: BuiltProcess | null = null;

  beforeAll(async () => {
    redis = await OwnRedis.started();
  });

  afterAll(async () => {
    server?.stop();
    await redis.stop();
    await proxy.stop();
  });

  it('prints only JSON lines, the libraries included', async () => {
    const database = new URL(process.env.DATABASE_URL!);
    database.hostname = '127.0.0.1';
    database.port = String(await proxy.start());
    const port = await freePort();
    server = await BuiltProcess.started(
      SERVER_MAIN,
      {
        PORT: String(port),
        DATABASE_URL: database.toString(),
        REDIS_URL: redis.url,
        REDIS_PREFIX: `${process.env.REDIS_PREFIX}-server-output`,
        LOG_LEVEL: 'info',
      },
      'API server listening',
    );
    const base = `http://127.0.0.1:${port}`;
    const signIn = () =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password-1' }),
      });

    await proxy.stop();
    expect([(await signIn()).status, (await fetch(`${base}/api/health`)).status]).toEqual([503, 503]);
    await redis.stop();
    await new Promise((r) => setTimeout(r, 1500));
    expect((await fetch(`${base}/api/sports`)).status).toBeGreaterThanOrEqual(400);
    server.kill('SIGTERM');
    await server.exited;

    expect(server.notJsonLines()).toEqual([]);
    expect(server.lines.some((line) => /ECONNREFUSED|terminated|Connection/i.test(line))).toBe(true);
  }, 60_000);
});
