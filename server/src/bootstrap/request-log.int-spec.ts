import { Body, Controller, Get, HttpCode, Logger, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Writable } from 'node:stream';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import { createLogger, MetricsService } from '@oddspulse/core';
import { createAccountsApp, type AccountsTestApp } from '../../../test/support/accounts-app';

interface LogLine {
  level: string;
  msg: string;
  context?: string;
  requestId?: string;
  route?: string;
  path?: string;
  status?: number;
  err?: { stack?: string };
  req?: { headers: Record<string, string> };
  body?: Record<string, string>;
  [field: string]: unknown;
}

/** When the slow route's handler last began (performance.now()): its request was being timed by then. */
let slowBegan = 0;

/** Logs from inside a request, after an await, as any service would. */
@Controller('log-probe')
class LogProbeController {
  private readonly logger = new Logger('Probe');

  @Post()
  async post(@Body() body: { n: number }) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    this.logger.log({ msg: 'probe', n: body.n });
    return { ok: true };
  }

  /** As health answers during an outage: a 503 the route chose, not an exception. */
  @Get('unavailable')
  @HttpCode(503)
  unavailable() {
    return { status: 'error' };
  }

  /** As any route answers while PostgreSQL is cut: the pg error reaches the exception filter. */
  @Get('database-down')
  databaseDown(): never {
    throw new Error('Connection terminated unexpectedly');
  }

  /** A route slower than its client is patient. */
  @Get('slow')
  async slow() {
    slowBegan = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 800));
    return { ok: true };
  }

  /** A careless line: the whole request (its headers) and the body it was sent. */
  @Post('careless')
  careless(@Req() req: Request, @Body() body: unknown) {
    this.logger.log({ msg: 'careless', req, body });
    return { ok: true };
  }

  @Get('boom')
  boom(): never {
    this.logger.log({ msg: 'about to fail' });
    throw new Error('boom');
  }
}

// One JSON line per HTTP request with its id (answered as x-request-id, an incoming one taken only when
// sane), route, status and duration, secrets redacted; every line of the request carries the id. A 4xx
// (a 413 included) is not an error with a stack.
describe('request logs (real PostgreSQL and Redis)', () => {
  let t: AccountsTestApp;
  const lines: LogLine[] = [];
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });

  beforeAll(async () => {
    t = await createAccountsApp(
      {},
      { controllers: [LogProbeController], log: createLogger('server', 'info', capture) },
    );
    t.app.useLogger(t.app.get(PinoNestLogger));
  });

  afterAll(() => t.app.close());

  const linesOf = (requestId: string) => lines.filter((line) => line.requestId === requestId);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it("keeps a proxy's sane request id, answers it, and puts it on every line of the request, after the body and an await", async () => {
    const res = await t.http().post('/api/log-probe').set('x-request-id', 'lb-7f3a9c2e41d0').send({ n: 7 });
    expect(res.status).toBe(201);
    expect(res.headers['x-request-id']).toBe('lb-7f3a9c2e41d0');
    await settle();
    const own = linesOf('lb-7f3a9c2e41d0');
    expect(own.find((line) => line.context === 'Probe')).toMatchObject({ msg: 'probe', n: 7 });
    expect(own.find((line) => line.context === 'Http')).toMatchObject({
      level: 'info',
      msg: 'POST /api/log-probe 201',
      route: '/api/log-probe',
      status: 201,
    });
    expect(typeof own.find((line) => line.context === 'Http')?.durationMs).toBe('number');
  });

  it('keeps the id on the lines of a request whose body arrives in many packets', async () => {
    const res = await t
      .http()
      .post('/api/log-probe')
      .set('x-request-id', 'lb-large-body-01')
      .send({ n: 9, padding: 'x'.repeat(90_000) });
    expect(res.status).toBe(201);
    await settle();
    expect(linesOf('lb-large-body-01').map((line) => line.context)).toEqual(['Probe', 'Http']);
  });

  it('makes its own id when the incoming one is missing or not a plain token', async () => {
    for (const sent of [undefined, 'short', 'has spaces in it', '"quoted-id-123"']) {
      const request = t.http().post('/api/log-probe');
      if (sent) request.set('x-request-id', sent);
      const res = await request.send({ n: 1 });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      await settle();
      expect(linesOf(res.headers['x-request-id']).map((line) => line.context)).toEqual(['Probe', 'Http']);
    }
  });

  it('redacts secret query parameters from the path it logs', async () => {
    const res = await t.http().get('/api/profile/username-available?candidate=someone&token=hunter2');
    await settle();
    const line = linesOf(res.headers['x-request-id']).find((l) => l.context === 'Http');
    expect(line?.path).toBe('/api/profile/username-available?candidate=someone&token=%5Bredacted%5D');
    expect(JSON.stringify(lines)).not.toContain('hunter2');
  });

  it('logs no Authorization header, cookie or password: not on the request line, nor when a line carries them', async () => {
    const secrets = ['Bearer op_live_9f8e7d6c5b4a', 'op_session=ck_5e4d3c2b1a', 'Sup3r-secret-pw'];
    const send = (path: string) =>
      t
        .http()
        .post(path)
        .set('Authorization', secrets[0])
        .set('Cookie', secrets[1])
        .set('x-api-key', 'op_key_0a1b2c3d4e')
        .send({ email: 'nobody@example.com', password: secrets[2] });
    const signIn = await send('/api/auth/login');
    expect([signIn.status, signIn.body.code]).toEqual([400, 'invalid_credentials']);
    const careless = await send('/api/log-probe/careless');
    expect(careless.status).toBe(201);
    await settle();
    expect(linesOf(signIn.headers['x-request-id']).map((line) => line.context)).toContain('Http');
    const line = linesOf(careless.headers['x-request-id']).find((l) => l.msg === 'careless');
    expect(line?.req?.headers).toMatchObject({
      authorization: '[redacted]',
      cookie: '[redacted]',
      'x-api-key': '[redacted]',
    });
    expect(line?.body).toEqual({ email: 'nobody@example.com', password: '[redacted]' });
    const written = JSON.stringify(lines);
    for (const secret of [...secrets, 'op_live_9f8e7d6c5b4a', 'ck_5e4d3c2b1a', 'op_key_0a1b2c3d4e'])
      expect(written).not.toContain(secret);
  });

  it('logs a refused request (401, 413, a body that is not JSON) at info, without an error or a stack', async () => {
    const refused = [
      await t.http().get('/api/me'),
      await t
        .http()
        .post('/api/log-probe')
        .set('Content-Type', 'application/json')
        .send(`{"n":"${'x'.repeat(200_000)}"}`),
      await t.http().post('/api/log-probe').set('Content-Type', 'application/json').send('{"n": 1, "cut'),
    ];
    expect(refused.map((res) => [res.status, res.body.code])).toEqual([
      [401, 'AUTH_REQUIRED'],
      [413, 'PAYLOAD_TOO_LARGE'],
      [400, 'INVALID_JSON'],
    ]);
    await settle();
    for (const res of refused) {
      const own = linesOf(res.headers['x-request-id']);
      expect(own).toEqual([expect.objectContaining({ level: 'info', context: 'Http', status: res.status })]);
      expect(own[0].err).toBeUndefined();
    }
  });

  it('logs a 503 (health answers it on every poll of an outage) at info, not as a warning or an error', async () => {
    const res = await t.http().get('/api/log-probe/unavailable');
    expect(res.status).toBe(503);
    await settle();
    expect(linesOf(res.headers['x-request-id'])).toEqual([
      expect.objectContaining({ level: 'info', context: 'Http', status: 503 }),
    ]);
  });

  it('counts the 503s of a database outage in a metric and warns once, not twice per request', async () => {
    const counted = async () =>
      (await t.get(MetricsService).httpUnavailable.get()).values.find((v) => v.labels.code === 'SERVICE_UNAVAILABLE')
        ?.value ?? 0;
    const before = await counted();
    const warningsBefore = lines.filter((line) => line.level === 'warn').length;
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await t.http().get('/api/log-probe/database-down');
      expect(res.status).toBe(503);
      ids.push(res.headers['x-request-id']);
    }
    await settle();
    expect((await counted()) - before).toBe(40);
    const warnings = lines.filter((line) => line.level === 'warn').slice(warningsBefore);
    expect(warnings).toEqual([
      expect.objectContaining({
        context: 'HttpExceptionFilter',
        msg: 'Dependency unavailable',
        reason: 'Connection terminated unexpectedly',
      }),
    ]);
    for (const id of ids)
      expect(linesOf(id).filter((line) => line.level !== 'info')).toEqual(id === ids[0] ? [warnings[0]] : []);
  });

  it('logs and times a request whose client hung up before the answer, as aborted with 499', async () => {
    await expect(
      t.http().get('/api/log-probe/slow').set('x-request-id', 'lb-gave-up-0001').timeout(150),
    ).rejects.toThrow(/Timeout/);
    const gaveUp = performance.now();
    await settle();
    const own = linesOf('lb-gave-up-0001');
    expect(own).toEqual([
      expect.objectContaining({
        level: 'info',
        context: 'Http',
        msg: 'GET /api/log-probe/slow aborted',
        status: 499,
        aborted: true,
        route: '/api/log-probe/slow',
      }),
    ]);
    // Timed to the hang-up, not to the handler's end. The server hears the hang-up after the client has given up, and
    // it timed the request from before the handler began: at least that long. Not the client's 150 ms, which also
    // counts the connection and the time before this busy loop took the request (32 ms in one clean-clone run).
    expect(own[0].durationMs).toBeGreaterThanOrEqual(Math.floor(gaveUp - slowBegan));
    expect(own[0].durationMs).toBeLessThan(800);
    const answered = await t.http().get('/api/log-probe/unavailable').set('x-request-id', 'lb-answered-0001');
    expect(answered.status).toBe(503);
    await settle();
    expect(linesOf('lb-answered-0001')[0].aborted).toBeUndefined();
  });

  it('logs a server error once with its stack (the filter) and its request line at error without one', async () => {
    const res = await t.http().get('/api/log-probe/boom');
    expect(res.status).toBe(500);
    await settle();
    const own = linesOf(res.headers['x-request-id']);
    expect(own.map((line) => [line.context, line.level])).toEqual([
      ['Probe', 'info'],
      ['HttpExceptionFilter', 'error'],
      ['Http', 'error'],
    ]);
    expect(own[1].err?.stack).toContain('Error: boom');
    expect(own[2].err).toBeUndefined();
  });
});
