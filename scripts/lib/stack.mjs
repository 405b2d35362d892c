// Starting and stopping the product's processes: shared by `npm start` and the end-to-end test run.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Reads KEY=VALUE lines from .env (if present) without overriding the real environment. */
export function loadDotEnv(file = join(ROOT, '.env')) {
  if (!existsSync(file)) return {};
  const values = {};
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || line.trimStart().startsWith('#')) continue;
    values[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}

/** Runs a command to completion with inherited output; returns its exit code. */
export function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: 'inherit' });
  return result.status ?? 1;
}

export function build(env = process.env) {
  if (run('npx', ['tsc', '-b', 'core', 'server', 'workers'], env) !== 0) return false;
  return run('npm', ['run', 'build', '--silent', '-w', 'client'], env) === 0;
}

/** The simulator's own odds stream, where ODDS_STREAM_URL's default points (SIMULATOR_STREAM_PORT). */
export function simulatorStreamUrl(env) {
  return `http://127.0.0.1:${env.SIMULATOR_STREAM_PORT || '3100'}/api/v3`;
}

/**
 * Whether the stack runs the simulator's odds stream: ODDS_PROVIDER=stream with ODDS_STREAM_URL unset or the
 * simulator's (127.0.0.1 or localhost on SIMULATOR_STREAM_PORT). Any other URL is a provider's, which runs elsewhere.
 */
export function runsSimulatorStream(env) {
  if (env.ODDS_PROVIDER !== 'stream') return false;
  const url = new URL(env.ODDS_STREAM_URL || simulatorStreamUrl(env));
  return ['127.0.0.1', 'localhost'].includes(url.hostname) && url.port === (env.SIMULATOR_STREAM_PORT || '3100');
}

/**
 * Starts the API server and the workers, and the simulator's odds stream when the workers read it (ODDS_PROVIDER=stream
 * alone); `onExit` hears of any that stops on its own.
 */
export function startProcesses(stackEnv, { onExit, stdio = 'inherit' } = {}) {
  // The workers read the simulator's stream where it listens, its port however chosen.
  const env =
    runsSimulatorStream(stackEnv) && !stackEnv.ODDS_STREAM_URL
      ? { ...stackEnv, ODDS_STREAM_URL: simulatorStreamUrl(stackEnv) }
      : stackEnv;
  const children = [
    ...(runsSimulatorStream(env)
      ? [
          {
            name: 'simulator-stream',
            child: spawn(process.execPath, ['workers/dist/simulator/stream-main.js'], { cwd: ROOT, env, stdio }),
          },
        ]
      : []),
    { name: 'server', child: spawn(process.execPath, ['server/dist/main.js'], { cwd: ROOT, env, stdio }) },
    { name: 'workers', child: spawn(process.execPath, ['workers/dist/main.js'], { cwd: ROOT, env, stdio }) },
  ];
  let stopping = false;
  for (const { name, child } of children) {
    child.on('exit', (code, signal) => {
      if (!stopping && onExit) onExit(name, code, signal);
    });
  }
  return {
    children,
    /** SIGTERM to every process, SIGKILL to any still running after the grace period. */
    async stop(graceMs = 10000) {
      stopping = true;
      await Promise.all(
        children.map(
          ({ child }) =>
            new Promise((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
              child.once('exit', () => {
                clearTimeout(timer);
                resolve();
              });
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

/** Polls /api/health until it answers 200, or gives up after the time-out with the last body. */
export async function waitForHealth(baseUrl, timeoutMs = 60000) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      last = await response.text();
      if (response.ok) return JSON.parse(last);
    } catch (error) {
      last = error.message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The product did not become healthy at ${baseUrl}: ${last}`);
}

/** A TCP port nothing listens on right now, on loopback. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The environment of a throwaway demo stack on a free port, with a database and Redis prefix of its own named for
 * `kind` (the e2e run, the screenshots), so it shares nothing with a running `npm start`; `extra` adds or overrides.
 */
export async function throwawayStackEnv(kind, extra = {}) {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const port = await freePort();
  const base = process.env.TEST_DATABASE_BASE_URL || 'postgres://postgres@127.0.0.1:5432';
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    DATABASE_URL: `${base}/oddspulse_${kind}_${id}`,
    REDIS_PREFIX: `oddspulse-${kind}-${id}`,
    DEMO_MODE: 'true',
    SCHEDULER_TICK_MS: '1000',
    ...extra,
  };
  return { env, port };
}
