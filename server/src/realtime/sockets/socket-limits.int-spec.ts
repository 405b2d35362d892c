import type { RealtimeMessage } from '@oddspulse/shared';
import {
  createGatewayApp,
  eventually,
  RecordingClient,
  type GatewayTestApp,
} from '../../../../test/support/gateway-app';
import { deleteKeysWithPrefix } from '@oddspulse/core';
import { signUp } from '../../../../test/support/accounts-app';
import { SNAPSHOT_COST } from './socket-limits';

const prefix = `${process.env.REDIS_PREFIX}-socket-limits`;
const SPORTS = [
  'basketball_nba',
  'americanfootball_nfl',
  'icehockey_nhl',
  'baseball_mlb',
  'soccer_epl',
  'soccer_usa_mls',
  'basketball_ncaab',
  'americanfootball_ncaaf',
];
const CONNECTION_MAX = 60;
const ADDRESS_MAX = 200;

function scoreUpdate(sport: string, n: number): RealtimeMessage<'scores'> {
  return {
    channel: 'scores',
    key: sport,
    at: new Date().toISOString(),
    type: 'score.update',
    data: { games: [{ id: `g${n}` } as never], removed: [] },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Socket events are limited per connection and per address; a catch-up costs what it sends.
describe('socket limits (real Redis)', () => {
  let app: GatewayTestApp;
  const clients: RecordingClient[] = [];
  let address = 0;
  /** A client from an address of its own (the gateway trusts X-Forwarded-For from the loopback in this suite). */
  const client = (ip = `203.0.113.${++address}`) => {
    const c = new RecordingClient(app.url, {}, { 'x-forwarded-for': ip });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    app = await createGatewayApp({
      REDIS_PREFIX: prefix,
      TRUST_PROXY: ['loopback'],
      SOCKET_RATE_LIMIT_WINDOW_SECONDS: 10,
      SOCKET_RATE_LIMIT_CONNECTION_MAX: CONNECTION_MAX,
      SOCKET_RATE_LIMIT_ADDRESS_MAX: ADDRESS_MAX,
    });
    // Histories longer than the buffer kept for them: a subscribe with lastSeq 0 is answered with a snapshot.
    for (const sport of SPORTS) for (let n = 0; n < 12; n++) await app.publisher.publish(scoreUpdate(sport, n), 5);
  });

  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });

  afterAll(async () => {
    await app.app.close();
    await deleteKeysWithPrefix(app.redis.client, prefix).catch(() => 0);
  });

  it('makes a catch-up cost what it sends: a snapshot every time runs out far sooner than plain subscribes', async () => {
    const replaying = client();
    const plain = client();
    await Promise.all([replaying.connect(), plain.connect()]);
    const countAccepted = async (c: RecordingClient, lastSeq?: number) => {
      let accepted = 0;
      for (let i = 0; i < CONNECTION_MAX + 5; i++) {
        const ack = await c.subscribe({
          channel: 'scores',
          sport: SPORTS[0],
          ...(lastSeq === undefined ? {} : { lastSeq }),
        });
        if (!ack.ok) {
          expect(ack).toMatchObject({
            code: 'RATE_LIMITED',
            message: 'Too many requests. Please wait before trying again.',
            retryAfter: expect.any(Number),
          });
          break;
        }
        accepted++;
      }
      return accepted;
    };
    const snapshots = await countAccepted(replaying, 0);
    expect(replaying.snapshots.length).toBe(snapshots);
    expect(snapshots).toBe(Math.ceil(CONNECTION_MAX / (1 + SNAPSHOT_COST)));
    expect(await countAccepted(plain)).toBe(CONNECTION_MAX);
  });

  it('cuts a flooding connection off while a well-behaved client on the same process keeps its latency', async () => {
    const good = client();
    const flooder = client();
    await Promise.all([good.connect(), flooder.connect()]);
    const roundTrip = async () => {
      const started = process.hrtime.bigint();
      const ack = await good.subscribe({ channel: 'scores', sport: SPORTS[1] });
      expect(ack.ok).toBe(true);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const baseline: number[] = [];
    for (let i = 0; i < 10; i++) baseline.push(await roundTrip());

    // The reported attack: subscribe and unsubscribe with lastSeq 0 on eight rooms, as fast as the socket takes them.
    const acks: Array<Promise<unknown>> = [];
    for (let round = 0; round < 100; round++) {
      for (const sport of SPORTS) {
        acks.push(flooder.subscribe({ channel: 'scores', sport, lastSeq: 0 }).catch((error: Error) => error));
        acks.push(flooder.unsubscribe({ channel: 'scores', sport }).catch((error: Error) => error));
      }
    }
    const during: number[] = [];
    const measuring = (async () => {
      for (let i = 0; i < 20; i++) {
        during.push(await roundTrip());
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const results = await Promise.all(acks);
    await measuring;

    const refused = results.filter((r) => (r as { code?: string }).code === 'RATE_LIMITED').length;
    expect(refused).toBeGreaterThan(0);
    await eventually(() => flooder.socket.disconnected, 5000, 'the flooder to be disconnected');
    // What the flood got out of the server is bounded by its budget, not by how much it asked for.
    expect(flooder.snapshots.length).toBeLessThanOrEqual(Math.ceil((CONNECTION_MAX * 2) / (1 + SNAPSHOT_COST)));
    // The well-behaved client was answered every time, and about as fast as before the flood.
    expect(during).toHaveLength(20);
    expect(median(during)).toBeLessThan(Math.max(50, median(baseline) * 5));
  });

  it('limits an address across its connections, handshakes included', async () => {
    const ip = '198.51.100.77';
    const many = Array.from({ length: 5 }, () => client(ip));
    await Promise.all(many.map((c) => c.connect()));
    // 5 handshakes + 5 × 45 events: each connection within its own 60, the address past its 200.
    const acks = await Promise.all(
      many.flatMap((c) => Array.from({ length: 45 }, () => c.subscribe({ channel: 'scores', sport: SPORTS[2] }))),
    );
    const refused = acks.filter((a) => !a.ok);
    expect(refused.length).toBe(5 + 5 * 45 - ADDRESS_MAX);
    expect(refused[0]).toMatchObject({ code: 'RATE_LIMITED' });
    // A new connection from the same address is refused at the handshake; another address is not.
    await expect(client(ip).connect()).rejects.toMatchObject({
      message: 'Too many requests. Please wait before trying again.',
      data: { code: 'RATE_LIMITED' },
    });
    await expect(client().connect()).resolves.toBeUndefined();
  });
});

// Sockets held at once are capped per address and per account (the handshake limit alone let one address hold hundreds).
describe('concurrent sockets per address and per account', () => {
  let app: GatewayTestApp;
  const clients: RecordingClient[] = [];
  const client = (ip: string, auth: Record<string, string> = {}) => {
    const c = new RecordingClient(app.url, auth, { 'x-forwarded-for': ip });
    clients.push(c);
    return c;
  };
  const refusal = (c: RecordingClient) =>
    c.connect().then(
      () => null,
      (error: Error & { data?: { code?: string } }) => ({ message: error.message, code: error.data?.code }),
    );
  const TOO_MANY = { message: 'Too many requests. Please wait before trying again.', code: 'TOO_MANY_CONNECTIONS' };

  beforeAll(async () => {
    app = await createGatewayApp({
      REDIS_PREFIX: `${prefix}-held`,
      TRUST_PROXY: ['loopback'],
      SOCKET_MAX_PER_ADDRESS: 3,
      SOCKET_MAX_PER_ACCOUNT: 2,
    });
  });

  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });

  afterAll(async () => {
    await app.app.close();
    await deleteKeysWithPrefix(app.redis.client, `${prefix}-held`).catch(() => 0);
  });

  it('refuses a fourth socket from one address until one of the three closes; another address is unaffected', async () => {
    const held = [client('198.51.100.7'), client('198.51.100.7'), client('198.51.100.7')];
    for (const c of held) expect(await refusal(c)).toBeNull();
    expect(await refusal(client('198.51.100.7'))).toEqual(TOO_MANY);
    expect(await refusal(client('198.51.100.8'))).toBeNull();
    held[0].close();
    // the server hears the close a moment later: until then the address is still full
    let again = await refusal(client('198.51.100.7'));
    for (const deadline = Date.now() + 3000; again && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await refusal(client('198.51.100.7'));
    }
    expect(again).toBeNull();
  });

  it("refuses a third socket of one account from any address; another account's are unaffected", async () => {
    const { session } = await signUp(app, 'gold');
    const other = await signUp(app, 'gold');
    expect(await refusal(client('198.51.100.20', { token: session.access_token }))).toBeNull();
    expect(await refusal(client('198.51.100.21', { token: session.access_token }))).toBeNull();
    expect(await refusal(client('198.51.100.22', { token: session.access_token }))).toEqual(TOO_MANY);
    expect(await refusal(client('198.51.100.22', { token: other.session.access_token }))).toBeNull();
  });
});
