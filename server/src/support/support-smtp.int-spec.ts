import { createServer, type Server } from 'node:net';
import { randomBytes } from 'node:crypto';
import { SupportMessages } from '@oddspulse/shared';
import { AccountsTestApp, bearer, createAccountsApp, signUp } from '../../../test/support/accounts-app';
import { HttpRateLimits } from '../accounts/access/rate-limits.service';

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

/** A port nothing listens on: an SMTP server that is down refuses the connection. */
async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * An SMTP server that answers a connection and its greeting (so a check finds it up) and takes every mail but one to
 * `shuttingDownFor`, which it answers 421: a server going away between the last check and a send.
 */
function smtpServer(shuttingDownFor: string): Server {
  return createServer((socket) => {
    let inData = false;
    let pending = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else if (verb === 'RCPT' && line.toLowerCase().includes(shuttingDownFor))
          socket.end('421 4.3.2 Service shutting down\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => socket.destroy());
  });
}

const UNAVAILABLE = { statusCode: 503, code: 'SUPPORT_MAIL_UNAVAILABLE', message: SupportMessages.unavailable };

// DECISIONS 33: a support request while the mail server is down is refused unsent, with the seconds to wait; nothing
// keeps the text to send later, so the user keeps it in the form, and the refusal spends none of the account's share.
describe('support requests while the SMTP server is down (real PostgreSQL and Redis)', () => {
  let t: AccountsTestApp;

  beforeAll(async () => {
    t = await createAccountsApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, RATE_LIMIT_SUPPORT_MAX: 1 });
  });

  afterAll(async () => {
    await t.app.close();
  });

  it('answers 503 with Retry-After, again and again, never 429', async () => {
    const { session } = await signUp(t, 'platinum');
    for (let i = 0; i < 3; i++) {
      const res = await t
        .http()
        .post('/api/support')
        .set(bearer(session))
        .send({ subject: 'Odds', message: `Stuck ${i}` });
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('10');
      expect(res.body).toEqual(UNAVAILABLE);
    }
  });
});

describe('a support request the SMTP server refuses while it was last known up (real PostgreSQL and Redis)', () => {
  let t: AccountsTestApp;
  const support = `support-${randomBytes(4).toString('hex')}@oddspulse.local`;
  const server = smtpServer(support);

  beforeAll(async () => {
    t = await createAccountsApp({
      SMTP_URL: `smtp://127.0.0.1:${await listen(server)}`,
      SUPPORT_EMAIL: support,
      RATE_LIMIT_SUPPORT_MAX: 1,
    });
  });

  afterAll(async () => {
    await t.app.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('answers 503 with Retry-After, not 500, and gives the account its share back', async () => {
    const { session } = await signUp(t, 'platinum');
    const send = () => t.http().post('/api/support').set(bearer(session)).send({ subject: 'Odds', message: 'Stuck' });
    const refused = await send();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.body).toEqual(UNAVAILABLE);
    // the unsent request spent none of the account's one request an hour
    expect((await t.get(HttpRateLimits).supportAccount.consume(session.user.id)).allowed).toBe(true);
    // the send's failure is the server's state now: the next request is refused before anything is tried
    const again = await send();
    expect(again.status).toBe(503);
    expect(again.body).toEqual(UNAVAILABLE);
  });
});
