import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bearer,
  createAccountsApp,
  outboxMailTo,
  signUp,
  signUpStaff,
  uniqueEmail,
} from '../../../../test/support/accounts-app';
import { eventually } from '../../../../test/support/gateway-app';
import { smtpStandIn } from '../../../../test/support/smtp-stand-in';

// Password reset mail through SMTP_URL; spec 000 §8 "Could not send reset link."
describe('password reset mail', () => {
  it('goes out through SMTP_URL when set, and the dev outbox is then closed', async () => {
    const received: Array<{ from: string; to: string[]; data: string }> = [];
    const smtp = await smtpStandIn(received);
    const t = await createAccountsApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'OddsPulse <no-reply@oddspulse.test>',
      DEV_OUTBOX: true,
    });
    try {
      const { email } = await signUp(t);
      const res = await t
        .http()
        .post('/api/auth/password-reset')
        .set('X-Forwarded-For', '198.51.100.20')
        .send({ email });
      expect(res.status).toBe(200);
      // sign-up's verification link and the reset link, both to the user, both through SMTP
      await eventually(() => received.length >= 2, 5000, 'the mails at the SMTP server');
      expect(received).toHaveLength(2);
      expect(received.every((mail) => mail.to.join().includes(email))).toBe(true);
      expect(received.map((mail) => /Subject: (.*)/.exec(mail.data)?.[1]).sort()).toEqual([
        'Reset your OddsPulse password',
        'Verify your OddsPulse email address',
      ]);
      expect(received.find((mail) => mail.data.includes('Reset your'))?.data).toMatch(/reset_token=/);
      expect((await t.http().get('/api/dev/outbox')).status).toBe(404);
    } finally {
      await t.app.close();
      await new Promise((r) => smtp.server.close(r));
    }
  });

  it('answers 503 "Could not send reset link." in production without SMTP_URL, with no outbox', async () => {
    const t = await createAccountsApp({ NODE_ENV: 'production', DEMO_MODE: false });
    try {
      const { email } = await signUp(t);
      const res = await t
        .http()
        .post('/api/auth/password-reset')
        .set('X-Forwarded-For', '198.51.100.21')
        .send({ email });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('Could not send reset link.');
      expect((await t.http().get('/api/dev/outbox')).status).toBe(404);
    } finally {
      await t.app.close();
    }
  });

  // The outbox page is an explicit opt-in: a default start has no route that shows reset links (DECISIONS 33).
  it('without DEV_OUTBOX: no outbox page (404) for anyone, in development too', async () => {
    const t = await createAccountsApp({
      NODE_ENV: 'development',
      DEV_OUTBOX: false,
      DATA_DIR: await mkdtemp(join(tmpdir(), 'oddspulse-mail-')),
    });
    try {
      const { session } = await signUp(t);
      expect((await t.http().get('/api/dev/outbox')).status).toBe(404);
      expect((await t.http().get('/api/dev/outbox').set(bearer(session))).status).toBe(404);
    } finally {
      await t.app.close();
      await rm(t.config.DATA_DIR, { recursive: true, force: true });
    }
  });

  it('with DEV_OUTBOX: all mail for the ops role, nothing for anyone else, a request from this machine included', async () => {
    const opsEmail = uniqueEmail('ops');
    const t = await createAccountsApp({ DEV_OUTBOX: true, OPS_EMAILS: [opsEmail] });
    try {
      const mine = await signUp(t);
      const theirs = await signUp(t);
      const ops = await signUpStaff(t, opsEmail);
      for (const { email } of [mine, theirs])
        await t.http().post('/api/auth/password-reset').send({ email }).expect(200);
      for (const { email } of [mine, theirs]) await outboxMailTo(t, email);
      // A request on the loopback without a forwarding header may still be someone else's: a reverse proxy on this
      // host that adds none (nginx's proxy_pass does not by default), or another site's page whose name resolves to
      // 127.0.0.1 (DNS rebinding). DECISIONS 33: a page only the ops role may open.
      expect((await t.http().get('/api/dev/outbox')).status).toBe(404);
      expect((await t.http().get('/api/dev/outbox').set('Accept', 'text/html')).status).toBe(404);
      const relayed = () => t.http().get('/api/dev/outbox').set('X-Forwarded-For', '198.51.100.30');
      expect((await relayed()).status).toBe(404);
      // not even a user's own mail (DECISIONS 33): one signed up with an address they do not hold would verify it
      expect((await t.http().get('/api/dev/outbox').set(bearer(mine.session))).status).toBe(404);
      for (const seen of [
        await t.http().get('/api/dev/outbox').set(bearer(ops.session)),
        await relayed().set(bearer(ops.session)),
      ]) {
        expect(seen.status).toBe(200);
        expect(seen.body.map((m: { to: string }) => m.to)).toEqual(expect.arrayContaining([mine.email, theirs.email]));
      }
    } finally {
      await t.app.close();
    }
  });

  it('lists the dev outbox as a page for a browser', async () => {
    const opsEmail = uniqueEmail('ops');
    const t = await createAccountsApp({ DEV_OUTBOX: true, OPS_EMAILS: [opsEmail] });
    try {
      const { email } = await signUp(t);
      const ops = await signUpStaff(t, opsEmail);
      await t
        .http()
        .post('/api/auth/password-reset')
        .set('X-Forwarded-For', '198.51.100.22')
        .send({ email })
        .expect(200);
      await outboxMailTo(t, email);
      const page = await t.http().get('/api/dev/outbox').set('Accept', 'text/html').set(bearer(ops.session));
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.text).toContain(`To ${email}`);
      expect(page.text).toContain('Reset your OddsPulse password');
    } finally {
      await t.app.close();
    }
  });
});
