import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import IORedis from 'ioredis';
import { OwnRedis } from './own-redis';

const run = promisify(execFile);

/**
 * A Redis Cluster of the test's own: three primaries (no replicas) of the machine's redis-server on free loopback
 * ports, in a temporary directory, never the shared Redis. A node stopped and started again keeps its identity and
 * slots (its nodes.conf stays) and comes back empty, as a restarted primary without persistence does.
 */
export class OwnRedisCluster {
  private readonly processes = new Map<number, ChildProcess>();

  private constructor(
    readonly ports: number[],
    private readonly dir: string,
  ) {}

  static async started(size = 3): Promise<OwnRedisCluster> {
    const ports: number[] = [];
    // a free port each, as OwnRedis finds one (its server is stopped at once: the cluster node takes the port)
    for (let i = 0; i < size; i++) {
      const probe = await OwnRedis.started();
      await probe.stop();
      ports.push(probe.port);
    }
    const cluster = new OwnRedisCluster(ports, mkdtempSync(join(tmpdir(), 'oddspulse-cluster-')));
    for (const port of ports) await cluster.start(port);
    await run('redis-cli', [
      '--cluster',
      'create',
      ...ports.map((p) => `127.0.0.1:${p}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    ]);
    await cluster.healthy();
    return cluster;
  }

  /** As REDIS_CLUSTER_NODES wants them. */
  get nodes(): Array<{ host: string; port: number }> {
    return this.ports.map((port) => ({ host: '127.0.0.1', port }));
  }

  async start(port: number): Promise<void> {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        `nodes-${port}.conf`,
        '--cluster-node-timeout',
        '2000',
        '--save',
        '',
        '--appendonly',
        'no',
      ],
      { cwd: this.dir, stdio: 'ignore' },
    );
    this.processes.set(port, child);
    await until(() => ping(port), 5000, `redis-server on ${port}`);
  }

  async stop(port: number): Promise<void> {
    const child = this.processes.get(port);
    this.processes.delete(port);
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      // a frozen node takes its SIGTERM once it runs again
      child.kill('SIGCONT');
    });
  }

  /** Freezes a node (SIGSTOP): its connections stay open and nothing it is sent gets an answer. */
  freeze(port: number): void {
    this.processes.get(port)?.kill('SIGSTOP');
  }

  /** Resolves once every running node says the cluster serves every slot. */
  async healthy(timeoutMs = 15_000): Promise<void> {
    await until(
      async () =>
        (await Promise.all([...this.processes.keys()].map((port) => info(port)))).every((text) =>
          text.includes('cluster_state:ok'),
        ),
      timeoutMs,
      'cluster_state:ok on every node',
    );
  }

  /** What one node answers, on a connection of the test's own (the app's connection to it may still be reconnecting). */
  async onNode<T>(port: number, work: (redis: IORedis) => Promise<T>): Promise<T> {
    const answer = await withNode(port, work);
    if (answer === null) throw new Error(`node ${port} did not answer`);
    return answer;
  }

  async teardown(): Promise<void> {
    for (const port of [...this.processes.keys()]) await this.stop(port);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

async function withNode<T>(port: number, work: (redis: IORedis) => Promise<T>): Promise<T | null> {
  const redis = new IORedis(port, '127.0.0.1', {
    lazyConnect: true,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return await work(redis);
  } catch {
    return null;
  } finally {
    redis.disconnect();
  }
}

const ping = async (port: number) => (await withNode(port, (r) => r.ping())) === 'PONG';
const info = async (port: number) => (await withNode(port, (r) => r.cluster('INFO'))) ?? '';

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
