import { createServer } from 'node:net';
import { MailService } from '@oddspulse/core';
import { AccountsTestApp, createAccountsApp, signUp, uniqueEmail } from '../../../../test/support/accounts-app';

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
