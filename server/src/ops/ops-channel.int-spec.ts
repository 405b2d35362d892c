import { OPS_OVERVIEW_KEY, type OpsOverview } from '@oddspulse/shared';
import { parseConfig } from '@oddspulse/core';
import { bearer, signUp, signUpStaff, uniqueEmail } from '../../../test/support/accounts-app';
import { createGatewayApp, eventually, RecordingClient, type GatewayTestApp } from '../../../test/support/gateway-app';
import { OpsSampler } from './ops-sampler.service';

// The operations page is live over the socket like the rest of the app, on an `ops` room only operations
// staff may join (never a Platinum user, an API key or a visitor); the server's own sampling pushes it.
describe('the ops channel (real PostgreSQL and Redis, socket.io)', () => {
  const prefix = `${parseConfig(process.env).REDIS_PREFIX}-ops-channel`;
  const opsEmail = uniqueEmail('ops');
  let t: GatewayTestApp;
  let tokens: { ops: string; platinum: string };
  let apiKey: string;
  const clients: RecordingClient[] = [];

  const connect = async (auth: Record<string, string>) => {
    const client = new RecordingClient(t.url, auth);
    clients.push(client);
    await client.connect();
    return client;
  };

  beforeAll(async () => {
    t = await createGatewayApp({ REDIS_PREFIX: prefix, OPS_EMAILS: [opsEmail], OPS_SAMPLE_INTERVAL_MS: 60_000 });
    const [ops, platinum] = await Promise.all([signUpStaff(t, opsEmail, 'platinum'), signUp(t, 'platinum')]);
    tokens = { ops: ops.session.access_token, platinum: platinum.session.access_token };
    apiKey = (await t.http().post('/api/api-keys').set(bearer(ops.session)).send({ name: 'scripts' })).body
      .key as string;
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await t.app.close();
  });

  it('lets operations staff join the ops room and refuses a visitor, a Platinum user and an API key', async () => {
    const subscribe = async (auth: Record<string, string>) =>
      (await connect(auth)).subscribe({ channel: 'ops', sport: OPS_OVERVIEW_KEY });
    expect(await subscribe({ token: tokens.ops })).toMatchObject({ ok: true, room: 'ops:overview' });
    expect(await subscribe({})).toMatchObject({ ok: false, code: 'AUTH_REQUIRED' });
    expect(await subscribe({ token: tokens.platinum })).toEqual({
      ok: false,
      code: 'OPS_REQUIRED',
      message: 'This is for operations staff only.',
    });
    // the key's owner is ops: a key never carries the role
    expect(await subscribe({ apiKey })).toMatchObject({ ok: false, code: 'OPS_REQUIRED' });
  });

  it("pushes the overview to the room while an operator watches, counting the operator's socket", async () => {
    const operator = await connect({ token: tokens.ops });
    expect(await operator.subscribe({ channel: 'ops', sport: OPS_OVERVIEW_KEY })).toMatchObject({ ok: true });
    const bystander = await connect({ token: tokens.platinum });

    await t.get(OpsSampler).sample();

    await eventually(() => operator.messages.some((m) => m.channel === 'ops'), 5000, 'an overview on the ops room');
    const pushed = operator.messages.find((m) => m.channel === 'ops');
    expect(pushed).toMatchObject({ channel: 'ops', key: OPS_OVERVIEW_KEY, type: 'ops.overview' });
    const overview = pushed?.data as OpsOverview;
    expect(overview.dependencies).toEqual({ postgres: 'up', redis: 'up' });
    expect(overview.sockets?.rooms).toContainEqual({ room: 'ops:overview', sockets: 2 });
    expect(bystander.messages.some((m) => m.channel === 'ops')).toBe(false);

    // a socket that reconnects after the buffer gets the last overview as the room's snapshot
    const late = await connect({ token: tokens.ops });
    expect(await late.subscribe({ channel: 'ops', sport: OPS_OVERVIEW_KEY, lastSeq: 0 })).toMatchObject({ ok: true });
    await eventually(() => late.snapshots.length + late.messages.length > 0, 5000, 'the snapshot or replay');
    const caughtUp = (late.snapshots[0]?.data ?? late.messages[0]?.data) as OpsOverview;
    expect(caughtUp.generated_at).toBe(overview.generated_at);
  });
});
