import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkWebhookUrl, DestinationRefusedError, guardedLookup, type Resolve } from '@oddspulse/core';
import { postPinned } from './pinned-post';

// "in production only https to public addresses (no loopback or private ranges)" — held at the
// moment of connecting, not only when the URL is checked, so a name re-pointed in between (DNS rebinding) is refused.
describe('pinned alert POST', () => {
  let server: Server;
  let port: number;
  let received: number;

  beforeAll(async () => {
    server = createServer((req, res) => {
      received += 1;
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  beforeEach(() => {
    received = 0;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const post = (lookupResolve: Resolve, production: boolean) =>
    postPinned({
      url: `http://hooks.example.test:${port}/hook`,
      headers: { 'Content-Type': 'application/json' },
      body: '{"text":"hi"}',
      timeoutMs: 2_000,
      lookup: guardedLookup(production, lookupResolve),
    });

  it('reaches an allowed address (loopback outside production)', async () => {
    await expect(post(async () => ['127.0.0.1'], false)).resolves.toBe(204);
    expect(received).toBe(1);
  });

  it('refuses to connect when the name resolves to loopback in production, and nothing reaches the receiver', async () => {
    await expect(post(async () => ['127.0.0.1'], true)).rejects.toBeInstanceOf(DestinationRefusedError);
    expect(received).toBe(0);
  });

  it('refuses a name that answered a public address to the check and a private one to the connection', async () => {
    let calls = 0;
    const rebinding: Resolve = async () => (calls++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']);
    expect(await checkWebhookUrl(`https://hooks.example.test:${port}/hook`, true, rebinding)).toMatchObject({
      ok: true,
    });
    await expect(post(rebinding, true)).rejects.toThrow(
      'hooks.example.test resolved to 127.0.0.1, which is not a public address',
    );
    expect(received).toBe(0);
  });

  it('gives up after the time-out when the receiver never answers', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    try {
      await expect(
        postPinned({
          url: `http://127.0.0.1:${silentPort}/`,
          headers: {},
          body: '',
          timeoutMs: 200,
          lookup: guardedLookup(false),
        }),
      ).rejects.toThrow('no answer within 200 ms');
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
