import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { checkPostgres, checkRedis } from '@oddspulse/core';

const ROOT = join(__dirname, '..', '..');

/** A service's output: JSON lines; nothing on stderr. */
function jsonLines(result: { stdout: string; stderr: string }): Array<{ level: string; service: string; msg: string }> {
  expect(result.stderr).toBe('');
  return result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { level: string; service: string; msg: string });
}

// PostgreSQL or Redis unreachable at start: one clear line naming the URL, exit 1, no stack trace.
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
  ])('the %s process exits 1 with one JSON line per service and no stack trace', (name, entry) => {
    const result = spawnSync(process.execPath, [join(ROOT, entry)], {
      env: {
        ...process.env,
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
        REDIS_URL: 'redis://127.0.0.1:1',
      },
      encoding: 'utf8',
      timeout: 20000,
    });
    expect(result.status).toBe(1);
    const lines = jsonLines(result);
    expect(lines).toHaveLength(2); // one line per unreachable service
    expect(lines.map((l) => [l.level, l.service])).toEqual([
      ['fatal', name],
      ['fatal', name],
    ]);
    expect(lines[0].msg).toMatch(/^PostgreSQL is not reachable at postgres:\/\/postgres@127\.0\.0\.1:1\/nowhere/);
    expect(lines[1].msg).toMatch(/^Redis is not reachable at redis:\/\/127\.0\.0\.1:1/);
    expect(result.stdout).not.toMatch(/\bat .+\(.+:\d+:\d+\)/);
  });

  it('a malformed variable stops the process with one line naming it', () => {
    const result = spawnSync(process.execPath, [join(ROOT, 'server/dist/main.js')], {
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 20000,
    });
    expect(result.status).toBe(1);
    const lines = jsonLines(result);
    expect(lines).toHaveLength(1);
    expect(lines[0].msg).toMatch(/^Invalid configuration: PORT [^\n]+$/);
  });
});
