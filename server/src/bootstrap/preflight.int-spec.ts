import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { checkPostgres, checkRedis } from './preflight';

const ROOT = join(__dirname, '..', '..', '..');

// Issue #2: PostgreSQL or Redis unreachable at start: one clear line naming the URL, exit 1, no stack trace.
describe('start-up with a dependency unreachable', () => {
  it('names the PostgreSQL URL (password hidden) and how to start it', async () => {
    const message = await checkPostgres('postgres://app:hunter2@127.0.0.1:1/oddspulse');
    expect(message).toContain('PostgreSQL is not reachable at postgres://app:***@127.0.0.1:1/oddspulse');
    expect(message).toContain('docker compose up -d postgres redis');
    expect(message).not.toContain('hunter2');
  });

  it('names the Redis URL and how to start it', async () => {
    const message = await checkRedis('redis://127.0.0.1:1');
    expect(message).toContain('Redis is not reachable at redis://127.0.0.1:1');
    expect(message).toContain('redis-server');
  });

  it.each([
    ['server', 'server/dist/main.js'],
    ['workers', 'workers/dist/main.js'],
  ])('the %s process exits 1 with one line and no stack trace', (_name, entry) => {
    const result = spawnSync(process.execPath, [join(ROOT, entry)], {
      env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere', REDIS_URL: 'redis://127.0.0.1:1' },
      encoding: 'utf8',
      timeout: 20000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(2); // one line per unreachable service
    expect(lines[0]).toMatch(/^PostgreSQL is not reachable at postgres:\/\/postgres@127\.0\.0\.1:1\/nowhere/);
    expect(lines[1]).toMatch(/^Redis is not reachable at redis:\/\/127\.0\.0\.1:1/);
    expect(result.stderr).not.toMatch(/\bat .+\(.+:\d+:\d+\)/);
  });

  it('a malformed variable stops the process with one line naming it', () => {
    const result = spawnSync(process.execPath, [join(ROOT, 'server/dist/main.js')], {
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 20000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Invalid configuration: PORT [^\n]+$/);
  });
});
