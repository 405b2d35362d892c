import { Agent, get } from 'node:http';
import { connect } from 'node:net';
import { createGatewayApp, type GatewayTestApp } from '../../../test/support/gateway-app';

const prefix = `${process.env.REDIS_PREFIX}-http-keep-alive`;

/** One GET on `agent`: the status, and whether it went over a socket an earlier request had used. */
function getOn(agent: Agent, url: string): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on('error', reject);
  });
}

// A client that reuses an idle connection must find it open: at Node's default 5 s the server closed it as the e2e
// suite's second call went out, which failed with ECONNRESET. The server, listening as main.ts has it, keeps it longer.
describe('HTTP keep-alive (the server as it listens)', () => {
  let t: GatewayTestApp;

  beforeAll(async () => {
    t = await createGatewayApp({ REDIS_PREFIX: prefix });
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('keeps an idle keep-alive connection open past Node’s 5 s default, so a request reusing it is answered', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await getOn(agent, `${t.url}/api/auth/providers`)).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await getOn(agent, `${t.url}/api/auth/providers`)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 20_000);

  // Node writes a bare status line for what its parser refuses; no middleware sees these requests
  it.each([
    [
      'headers past the limit',
      `GET /api/health/live HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'HEADERS_TOO_LARGE',
    ],
    ['a malformed header line', 'GET /api/health/live HTTP/1.1\r\nHost x\r\n\r\n', 400, 'MALFORMED_REQUEST'],
    ['a request line that is not HTTP', 'HELLO\r\n\r\n', 400, 'MALFORMED_REQUEST'],
  ])("answers %s with the API's error body", async (_what, raw, status, code) => {
    const { port } = new URL(t.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(raw));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(head).toContain('Content-Type: application/json');
    expect(JSON.parse(body)).toEqual({ statusCode: status, code, message: expect.any(String) });
  });
});
