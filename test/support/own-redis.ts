import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer, type AddressInfo } from 'node:net';

/**
 * A redis-server of the test's own on a free loopback port, which the test may stop and start again (an
 * outage) without touching the machine's shared Redis. Nothing is saved to disk, unless the test has a directory for
 * it and asks (SAVE): a restart then loads what was saved last, as one short of its last writes does.
 */
export class OwnRedis {
  private process: ChildProcess | null = null;

  constructor(
    readonly port: number,
    private readonly dir: string | null = null,
  ) {}

  /** Started on a port nothing listens on now. */
  static async started(dir: string | null = null): Promise<OwnRedis> {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const redis = new OwnRedis(port, dir);
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server, unless it is running already. */
  async start(): Promise<void> {
    if (this.process && this.process.exitCode === null) return;
    const child = spawn(
      'redis-server',
      [
        ...['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        ...(this.dir ? ['--dir', this.dir] : []),
      ],
      { stdio: 'ignore' },
    );
    this.process = child;
    const deadline = Date.now() + 5000;
    while (!(await accepts(this.port))) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`redis-server did not start on port ${this.port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
