import { createServer, Server, Socket, connect } from 'node:net';

/** How often a paced connection is handed its share of bytes. */
const PACE_TICK_MS = 10;

/**
 * A loopback TCP proxy to a real service, which a test can cut and restore to see how the product
 * behaves when that service goes away and comes back, silence and resume to see how it behaves when the service
 * stops answering without closing anything, or pace to see how it behaves when the service is slow to take requests.
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private silent = false;
  /** Bytes a second each connection's client may send the service (`pace`); null: as fast as they come. */
  private bytesPerSecond: number | null = null;
  /** Connections left silent for good (`abandon`). */
  private readonly abandoned = new WeakSet<Socket>();
  port = 0;

  constructor(
    private readonly targetPort: number,
    private readonly targetHost = '127.0.0.1',
  ) {}

  async start(): Promise<number> {
    this.server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        // A reset on one side is expected when the test cuts the link; the other side is closed with it.
        socket.on('error', () => socket.destroy());
        if (this.silent) socket.pause();
      }
      this.forward(client, upstream, true);
      this.forward(upstream, client, false);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this.port;
  }

  /** Refuses new connections and drops the open ones, as a stopped server would. */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  /**
   * Stops forwarding, closing nothing, as a server that stops answering would (frozen, or cut off by a network that
   * drops its packets): connections stay open, new ones are accepted, and whatever either side sends waits unread.
   */
  silence(): void {
    this.silent = true;
    for (const socket of this.sockets) socket.pause();
  }

  /** Forwards again, what waited first, as a server that answers again would. */
  resume(): void {
    this.silent = false;
    for (const socket of this.sockets) socket.resume();
  }

  /**
   * Forwards new connections again but leaves those open now silent for good, as a service that came back elsewhere
   * behind the same address (a failover) would: what still waits on an old connection never gets an answer.
   */
  abandon(): void {
    this.silent = false;
    for (const socket of this.sockets) this.abandoned.add(socket);
  }

  /**
   * Hands the service what each connection's client sends at `bytesPerSecond` at most, the rest waiting in the
   * connection's own line (null: as fast as it comes again), as a service busy with others takes a connection's
   * requests: one with many queued waits for them in turn, while it answers each as it takes it, and one with a single
   * request has it taken at once. Answers come back as fast as they are given.
   */
  pace(bytesPerSecond: number | null): void {
    this.bytesPerSecond = bytesPerSecond;
  }

  /**
   * `from`'s bytes to `to`, and its end, as `pipe` would, but not read at all while silent; a client's bytes to the
   * service (`toService`) at the pace set, if any, and held while silent.
   */
  private forward(from: Socket, to: Socket, toService: boolean): void {
    const line: Buffer[] = [];
    let ending = false;
    let timer: NodeJS.Timeout | null = null;
    const flushed = () => {
      if (ending && !line.length) to.end();
    };
    // one tick's share of the line, then the next tick's, until it is empty
    const take = () => {
      timer = null;
      if (!this.silent && !this.abandoned.has(from)) {
        let share = this.bytesPerSecond === null ? Infinity : Math.ceil((this.bytesPerSecond * PACE_TICK_MS) / 1000);
        while (share > 0 && line.length) {
          const part = line[0].subarray(0, share);
          to.write(part);
          share -= part.length;
          if (part.length === line[0].length) line.shift();
          else line[0] = line[0].subarray(part.length);
        }
      }
      if (line.length) timer = setTimeout(take, PACE_TICK_MS);
      flushed();
    };
    from.on('data', (chunk: Buffer) => {
      if (toService && (this.bytesPerSecond !== null || line.length)) {
        line.push(chunk);
        timer ??= setTimeout(take, PACE_TICK_MS);
      } else if (!to.write(chunk)) from.pause();
    });
    from.on('end', () => {
      ending = true;
      flushed();
    });
    from.on('close', () => {
      if (timer) clearTimeout(timer);
    });
    to.on('drain', () => {
      if (!this.silent && !this.abandoned.has(from)) from.resume();
    });
  }
}
