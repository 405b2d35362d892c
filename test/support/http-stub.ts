import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StubHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

/**
 * A local HTTP server that answers as a feed would (recorded bodies, errors, slow answers), and records
 * every request it got, so a test can count the tries a client made.
 */
export class HttpStub {
  private server?: Server;
  readonly requests: URL[] = [];
  handler: StubHandler = (_req, res) => {
    res.writeHead(404).end();
  };

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://stub');
      this.requests.push(url);
      this.handler(req, res, url);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
