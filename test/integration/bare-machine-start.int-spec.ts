import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const START = join(ROOT, 'scripts', 'start.mjs');

/** `npm start` on a machine without PostgreSQL or Redis: what it runs itself, and that Ctrl-C leaves nothing behind. */
describe('npm start with an embedded PostgreSQL and a Redis of its own', () => {
  let dataDir: string;
  let child: ChildProcess | null = null;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'oddspulse-bare-'));
    // as a checkout's .data is: run as root, the embedded PostgreSQL runs as the postgres user, which must enter it
    chmodSync(dataDir, 0o755);
  });

  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    child = null;
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The environment of a developer who set nothing but what the test names: the run's own settings removed. */
  function startEnv(port: number, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...extra };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX', 'REDIS_CLUSTER_NODES', 'NODE_ENV'])
      if (!(name in extra)) delete env[name];
    return env;
  }

  it('runs both from the data folder, answers health with both up, and stops every process on Ctrl-C', async () => {
    const port = await freePort();
    const started = spawn(process.execPath, [START, '--no-build'], {
      cwd: ROOT,
      env: startEnv(port, { DATABASE_URL: 'embedded', REDIS_URL: 'local', LOG_LEVEL: 'warn' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    const output = collect(started);
    await output.waitFor('Press Ctrl-C to stop.', 150_000);

    const pg = /PostgreSQL: embedded in (\S+) \(port (\d+)\)/.exec(output.text());
    const redis = /Redis: started on port (\d+) \(files in (\S+)\)/.exec(output.text());
    expect(pg?.[1]).toBe(join(dataDir, 'pg'));
    expect(redis?.[2]).toBe(join(dataDir, 'redis'));
    expect(output.text()).toContain(`Mail: written as .eml files in ${join(dataDir, 'mail')}`);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', postgres: 'up', redis: 'up' });

    started.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => started.once('exit', resolve));
    expect(output.text()).toContain('"msg":"stopped"');
    // 130: the conventional exit of a process ended by SIGINT, after its exit hooks have run
    expect([0, 130]).toContain(code);
    for (const listening of [port, Number(pg?.[2]), Number(redis?.[1])]) expect(await answers(listening)).toBe(false);
    expect(processesNaming(dataDir)).toEqual([]);
  }, 240_000);

  it('keeps a set DATABASE_URL that does not answer: setup names it, and the Redis it started is stopped', async () => {
    const port = await freePort();
    const started = spawn(process.execPath, [START, '--no-build'], {
      cwd: ROOT,
      env: startEnv(port, { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere', REDIS_URL: 'local' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    const output = collect(started);
    const code = await new Promise<number | null>((resolve) => started.once('exit', resolve));
    expect(code).toBe(1);
    expect(output.text()).toContain('PostgreSQL is not reachable at postgres://postgres@127.0.0.1:1/nowhere');
    expect(output.text()).not.toContain('PostgreSQL: embedded');
    expect(processesNaming(dataDir)).toEqual([]);
  }, 60_000);

  it('without a redis-server binary, names the one-line install for each platform', () => {
    // PATH holds node alone (its folder has no redis-server); DATABASE_URL names the machine's PostgreSQL.
    const result = spawnSync(process.execPath, [START, '--no-build'], {
      cwd: ROOT,
      env: startEnv(0, {
        PATH: dirname(process.execPath),
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
        REDIS_URL: 'local',
      }),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('sudo apt-get install -y redis-server');
    expect(result.stderr).toContain('brew install redis');
    expect(result.stderr).toContain('docker compose up -d redis');
  });
});

/**
 * `npm start` in a fresh clone: nothing installed yet. A copy of the scripts in a folder with no node_modules, and an
 * `npm` on PATH that records its call and "installs" by linking this checkout's node_modules: the start installs
 * before it loads anything from node_modules, then runs on what was installed (as far as setup, which the copy has not
 * built).
 */
describe('npm start in a fresh clone', () => {
  let clone: string;

  beforeEach(() => {
    clone = mkdtempSync(join(tmpdir(), 'oddspulse-clone-'));
    cpSync(join(ROOT, 'scripts'), join(clone, 'scripts'), { recursive: true });
    for (const file of ['package.json', 'package-lock.json']) cpSync(join(ROOT, file), join(clone, file));
    mkdirSync(join(clone, 'bin'));
    writeFileSync(
      join(clone, 'bin', 'npm'),
      `#!/bin/sh\necho "$*" >> "${join(clone, 'npm-calls')}"\nln -s "${join(ROOT, 'node_modules')}" node_modules\n`,
      { mode: 0o755 },
    );
  });

  afterEach(() => rmSync(clone, { recursive: true, force: true }));

  it('installs the dependencies first, the build tools too under NODE_ENV=production, then runs on them', () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PATH: `${join(clone, 'bin')}:${process.env.PATH}`,
      // set, so nothing is looked for or started: the run stops at setup
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
      REDIS_URL: 'redis://127.0.0.1:1',
    };
    const result = spawnSync(process.execPath, [join(clone, 'scripts', 'start.mjs'), '--no-build'], {
      cwd: clone,
      env,
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(result.stderr).not.toContain('ERR_MODULE_NOT_FOUND');
    expect(readFileSync(join(clone, 'npm-calls'), 'utf8')).toBe('install --include=dev --no-audit --no-fund\n');
    expect(result.stdout).toContain('"msg":"installing dependencies"');
    expect(result.stderr).toContain('Setup failed.');
    expect(result.status).toBe(1);
  });
});

function collect(child: ChildProcess) {
  let text = '';
  const waiters: Array<() => void> = [];
  const read = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    waiters.forEach((wake) => wake());
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  return {
    text: () => text,
    waitFor: (needle: string, timeoutMs: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`"${needle}" not printed in time:\n${text.slice(-3000)}`)),
          timeoutMs,
        );
        const check = () => {
          if (text.includes(needle)) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.once('exit', () => {
          clearTimeout(timer);
          if (!text.includes(needle)) reject(new Error(`npm start exited before "${needle}":\n${text.slice(-3000)}`));
        });
        waiters.push(check);
        check();
      }),
  };
}

/**
 * Every live process whose command line or environment names `path`: the embedded PostgreSQL names the data folder on
 * its command line; the server, the workers and redis-server (which rewrites its command line) inherit DATA_DIR.
 */
function processesNaming(path: string): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        const environment = readFileSync(`/proc/${pid}/environ`, 'utf8');
        return command.includes(path) || environment.includes(`DATA_DIR=${path}`) ? [`${pid}: ${command}`] : [];
      } catch {
        return []; // the process ended while the list was read
      }
    });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

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
