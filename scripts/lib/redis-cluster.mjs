// A throwaway local Redis Cluster for operator checks: three primaries (no replicas) of the machine's redis-server on
// free loopback ports, in a temporary directory, never the shared Redis. test/support/redis-cluster.ts is the
// integration specs' version of the same (TypeScript, run by jest, with a node restarted in place).
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './stack.mjs';

const run = promisify(execFile);

/** What `redis-cli -p port …` prints, or null when the node does not answer. */
async function cli(port, ...args) {
  try {
    return (await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args])).stdout;
  } catch {
    return null;
  }
}

async function until(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The version of the machine's redis-server (`7.0.15`), or null when there is none. */
export async function redisServerVersion() {
  try {
    return /v=(\d+\.\d+\.\d+)/.exec((await run('redis-server', ['--version'])).stdout)?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * Starts `size` cluster-enabled nodes, joins them with `redis-cli --cluster create` and resolves once every node says
 * `cluster_state:ok`. Returns the nodes as REDIS_CLUSTER_NODES wants them, the way to stop and forget them, the primary
 * of a key, the way to restart a primary in place and the way to stop one for good.
 */
export async function startLocalCluster(size = 3) {
  const dir = mkdtempSync(join(tmpdir(), 'oddspulse-cluster-'));
  const ports = [];
  for (let i = 0; i < size; i++) {
    let port = await freePort();
    while (ports.includes(port)) port = await freePort();
    ports.push(port);
  }
  const node = (port) =>
    spawn(
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
      { cwd: dir, stdio: 'ignore' },
    );
  const children = new Map(ports.map((port) => [port, node(port)]));
  const stopped = (child) =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  const clusterOk = async () =>
    (await Promise.all(ports.map((port) => cli(port, 'cluster', 'info')))).every((text) =>
      text?.includes('cluster_state:ok'),
    );
  const teardown = async () => {
    await Promise.all([...children.values()].map(stopped));
    rmSync(dir, { recursive: true, force: true });
  };
  /** The port of the primary serving `key`'s slot. */
  const primaryOf = async (key) => {
    const slot = Number((await cli(ports[0], 'cluster', 'keyslot', key))?.trim());
    const text = (await cli(ports[0], 'cluster', 'nodes')) ?? '';
    for (const line of text.trim().split('\n')) {
      const fields = line.split(' ');
      if (!fields[2].includes('master')) continue;
      const owns = fields.slice(8).some((range) => {
        const [from, to = from] = range.split('-').map(Number);
        return slot >= from && slot <= to;
      });
      if (owns) return Number(fields[1].split(':')[1].split('@')[0]);
    }
    throw new Error(`No primary serves the slot of ${key}`);
  };
  /**
   * Stops the primary on `port` for `downMs` and starts it again with its nodes.conf (its slots stay its own), empty as
   * a primary without persistence comes back; resolves with the ms from its start to cluster_state:ok on every node.
   */
  const restart = async (port, downMs) => {
    await stopped(children.get(port));
    await new Promise((r) => setTimeout(r, downMs));
    children.set(port, node(port));
    const startedAt = Date.now();
    await until(async () => (await cli(port, 'ping'))?.trim() === 'PONG', 5000, `redis-server on ${port}`);
    await until(clusterOk, 30_000, 'cluster_state:ok on every node after the restart');
    return Date.now() - startedAt;
  };
  /**
   * Stops the primary on `port` for good (no replica takes its slots over); resolves with the ms from its stop to
   * cluster_state:fail on every other node, which answer CLUSTERDOWN from then on.
   */
  const stop = async (port) => {
    await stopped(children.get(port));
    const stoppedAt = Date.now();
    const clusterFail = async () =>
      (await Promise.all(ports.filter((p) => p !== port).map((p) => cli(p, 'cluster', 'info')))).every((text) =>
        text?.includes('cluster_state:fail'),
      );
    await until(clusterFail, 30_000, 'cluster_state:fail on every other node');
    return Date.now() - stoppedAt;
  };
  try {
    for (const port of ports)
      await until(async () => (await cli(port, 'ping'))?.trim() === 'PONG', 5000, `redis-server on ${port}`);
    await run('redis-cli', [
      '--cluster',
      'create',
      ...ports.map((p) => `127.0.0.1:${p}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    ]);
    await until(clusterOk, 15_000, 'cluster_state:ok on every node');
  } catch (error) {
    await teardown();
    throw error;
  }
  return { nodes: ports.map((port) => `127.0.0.1:${port}`).join(','), teardown, primaryOf, restart, stop };
}
