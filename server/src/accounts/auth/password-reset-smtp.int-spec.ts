import { createServer } from 'node:net';
import { MailService } from '@oddspulse/core';
import { AccountsTestApp, createAccountsApp, signUp, uniqueEmail } from '../../../../test/support/accounts-app';
import { eventually } from '../../../../test/support/gateway-app';
import { smtpStandIn } from '../../../../test/support/smtp-stand-in';
import { TcpProxy } from '../../../../test/support/tcp-proxy';

/** A port nothing listens on: an SMTP server that is down refuses the connection. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// DECISIONS 33 and spec 000 §8 ("Could not send reset link."): a reset while the mail server is down.
describe('password reset while the SMTP server is down (real PostgreSQL and Redis)', () => {
  let t: AccountsTestApp;

  beforeAll(async () => {
    t = await createAccountsApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, TRUST_PROXY: ['loopback'] });
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('answers 503 with Retry-After, the same for a known and an unknown address, and makes no link', async () => {
    const known = await signUp(t);
    const answers = [];
    for (const [email, address] of [
      [known.email, '203.0.113.41'],
      [uniqueEmail('ghost'), '203.0.113.42'],
    ])
      answers.push(await t.http().post('/api/auth/password-reset').set('X-Forwarded-For', address).send({ email }));
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('10');
      expect(res.body).toEqual({ statusCode: 503, code: 'MAIL_UNAVAILABLE', message: 'Could not send reset link.' });
    }
    const links = await t.db
      .selectFrom('password_reset_tokens')
      .select('id')
      .where('user_id', '=', known.session.user.id)
      .execute();
    expect(links).toEqual([]);
    // what health names (server/src/health): the cause, for the operator
    expect(await t.get(MailService).smtpProblem()).toMatch(/^The SMTP server does not take mail: .*ECONNREFUSED/);
  });
});

// Spec 000 §8: "Reset link sent!" promises a mail. The answer comes before the address is looked at (so it says
// nothing of the account), and must not be given on a state of the mail server or the database that no longer holds.
describe('password reset: the answer is given only while the link can be made and sent', () => {
  it('answers 503 once the SMTP server stops answering, not on its state of the last minute', async () => {
    const received: Array<{ from: string; to: string[]; data: string }> = [];
    const smtp = await smtpStandIn(received);
    const t = await createAccountsApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, TRUST_PROXY: ['loopback'] });
    try {
      const { email } = await signUp(t);
      const reset = () =>
        t.http().post('/api/auth/password-reset').set('X-Forwarded-For', '203.0.113.43').send({ email });
      expect((await reset()).status).toBe(200);
      await eventually(
        () => received.some((mail) => mail.data.includes('reset_token=')),
        5000,
        'the first reset link at the SMTP server',
      );
      // the mail server goes away: a new connection is refused
      await new Promise((resolve) => smtp.server.close(resolve));

      const res = await reset();
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('10');
      expect(res.body).toEqual({ statusCode: 503, code: 'MAIL_UNAVAILABLE', message: 'Could not send reset link.' });
    } finally {
      await t.app.close();
    }
  });

  it('answers 503 while PostgreSQL is down, for a known and an unknown address alike', async () => {
    const proxy = new TcpProxy(Number(new URL(process.env.DATABASE_URL!).port || 5432));
    await proxy.start();
    const url = new URL(process.env.DATABASE_URL!);
    url.port = String(proxy.port);
    const t = await createAccountsApp({ DATABASE_URL: url.toString(), TRUST_PROXY: ['loopback'] });
    try {
      const known = await signUp(t);
      await proxy.stop();
      for (const [email, address] of [
        [known.email, '203.0.113.44'],
        [uniqueEmail('ghost'), '203.0.113.45'],
      ]) {
        const res = await t.http().post('/api/auth/password-reset').set('X-Forwarded-For', address).send({ email });
        expect([res.status, res.body.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
      }
    } finally {
      await t.app.close();
      await proxy.stop();
    }
  });
});
