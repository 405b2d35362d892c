import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import IORedis from 'ioredis';
import { dropDatabase, deleteRunKeys } from '@oddspulse/core';
import { openedBy } from './socket-openers';

/** How long the suite's process may live on after its last file: a spec's server, timer or socket still open. */
const EXIT_GRACE_MS = 30_000;

export default async function globalTeardown() {
  await dropDatabase(process.env.DATABASE_URL!);
  const redis = new IORedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  await deleteRunKeys(redis, process.env.REDIS_PREFIX!);
  await redis.quit();
  rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
  endIfProcessLingers();
}

/**
 * The files run in band, in this process: a handle one of them left open keeps jest alive for good once the run is
 * over, and CI then waits out its whole time limit with every test green (as it did). Half a minute after the last
 * file the process is ended with the run's own verdict (its results file, written by then), and what held it is named
 * on stderr with the spec each open socket was connected in (socket-openers.ts): a socket to Redis left by some spec
 * in some runs only. The timer is unref'd, so a process with nothing left open exits as before.
 */
function endIfProcessLingers() {
  setTimeout(() => {
    const open = [
      ...process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap' && kind !== 'TCPSocketWrap'),
      ...openSockets(),
    ];
    const children = childProcesses();
    process.stderr.write(
      `The integration suite's process was still alive ${EXIT_GRACE_MS / 1000} s after its last file, held by: ` +
        `${open.join(', ') || 'nothing it can name'}${children.length ? `; its child processes: ${children.join(' | ')}` : ''}. ` +
        "A spec left a server, socket, timer or process open (the run is ended with its tests' own verdict); find it with " +
        '`npx jest --selectProjects integration --runInBand --detectOpenHandles`.\n',
    );
    for (const child of children) process.kill(Number(child.split(' ')[0]), 'SIGKILL');
    process.exit(runVerdict());
  }, EXIT_GRACE_MS).unref();
}

/** "<pid> <command line>" of each process this one started and has not reaped. */
function childProcesses(): string[] {
  const listed = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return listed
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.includes(' ps -o pid='));
}

/**
 * Each TCP socket still open, with the address it talks to: a client left connected to Redis (6379), PostgreSQL
 * (5432) or a spec's own server says which kind of thing leaked. Node names the handles only through this (deprecated,
 * but the one way to see a socket's peer).
 */
function openSockets(): string[] {
  const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
  return (
    handles
      .filter((handle): handle is Socket => handle instanceof Socket)
      // stdin, stdout and stderr are sockets over pipes (named above as PipeWrap): only network peers are listed
      .filter((socket) => !socket.destroyed && (socket.remoteAddress !== undefined || socket.connecting))
      .map(
        (socket) =>
          `TCP socket ${socket.localPort ?? '?'} → ${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}` +
          (socket.connecting ? ' (connecting)' : '') +
          ` opened in ${openedBy(socket) ?? 'no spec (before the first file)'}`,
      )
  );
}

/** 0 when the results file jest wrote (`--outputFile`) says every test passed; 1 otherwise, or without one. */
function runVerdict(): number {
  const file = process.argv.find((arg) => arg.startsWith('--outputFile='))?.slice('--outputFile='.length);
  if (!file || !existsSync(file)) return 1;
  return (JSON.parse(readFileSync(file, 'utf8')) as { success?: boolean }).success ? 0 : 1;
}
