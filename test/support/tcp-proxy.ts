import { createServer, Server, Socket, connect } from 'node:net';

/**
 * A loopback TCP proxy to a real service, which a test can cut and restore to see how the product
 * behaves when that service goes away and comes back, or silence and resume to see how it behaves when the service
 * stops answering without closing anything.
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private silent = false;
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
      this.forward(client, upstream);
      this.forward(upstream, client);
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

  /** `from`'s bytes to `to`, and its end, as `pipe` would, but not read at all while silent. */
  private forward(from: Socket, to: Socket): void {
    from.on('data', (chunk) => {
      if (!to.write(chunk)) from.pause();
    });
    from.on('end', () => to.end());
    to.on('drain', () => {
      if (!this.silent && !this.abandoned.has(from)) from.resume();
    });
  }
}
