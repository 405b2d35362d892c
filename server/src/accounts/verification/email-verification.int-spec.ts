import { MailService } from '@oddspulse/core';
import {
  AccountsTestApp,
  bearer,
  createAccountsApp,
  outboxMailTo,
  signUp,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../../test/support/accounts-app';

/** The token of the newest verification link mailed to `to`. */
async function verificationToken(t: AccountsTestApp, to: string): Promise<string> {
  const mail = await outboxMailTo(t, to, 'Verify your OddsPulse email address');
  expect(mail.subject).toBe('Verify your OddsPulse email address');
  return decodeURIComponent(/verify_token=([\w%-]+)/.exec(mail.text)![1]);
}

// An address is proved its owner's before the product mails it anything but the link that proves it; the account is
// usable meanwhile.
describe('e-mail verification (real PostgreSQL and Redis, dev outbox)', () => {
  let t: AccountsTestApp;
  const staffEmail = uniqueEmail('staff');
  beforeAll(async () => {
    t = await createAccountsApp({ DEV_OUTBOX: true, OPS_EMAILS: [staffEmail] });
  });
  afterAll(() => t.app.close());

  const me = async (session: Parameters<typeof bearer>[0]) =>
    (await t.http().get('/api/me').set(bearer(session)).expect(200)).body as {
      email_verified: boolean;
      role: string | null;
    };

  it('mails a single-use link at sign-up; following it verifies the address', async () => {
    const { email, session } = await signUp(t);
    expect(await me(session)).toMatchObject({ email_verified: false });
    // usable unverified
    expect((await t.http().get('/api/picks').set(bearer(session))).status).toBe(200);
    const token = await verificationToken(t, email);
    const verified = await t.http().post('/api/auth/verify-email').send({ token });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ email, message: 'Your email address is verified.' });
    expect(await me(session)).toMatchObject({ email_verified: true });
    const again = await t.http().post('/api/auth/verify-email').send({ token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 'VERIFICATION_TOKEN_INVALID',
      message: 'This verification link is invalid or has expired. Sign in and ask for a new one.',
    });
    expect((await t.http().post('/api/auth/verify-email').send({ token: 'made-up' })).status).toBe(400);
    expect((await t.http().post('/api/auth/verify-email/resend').set(bearer(session))).body).toMatchObject({
      statusCode: 409,
      code: 'EMAIL_ALREADY_VERIFIED',
    });
  });

  it('sends a new link on request, three an hour to one address with the sign-up’s', async () => {
    const { email, session } = await signUp(t);
    const resend = () => t.http().post('/api/auth/verify-email/resend').set(bearer(session));
    expect((await resend()).status).toBe(202);
    expect((await resend()).body).toEqual({ message: 'Verification link sent! Check your inbox.' });
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const links = (await t.get(MailService).outbox()).filter((m) => m.to === email);
    expect(links).toHaveLength(3);
    // any of them verifies the address
    expect(
      (
        await t
          .http()
          .post('/api/auth/verify-email')
          .send({ token: await verificationToken(t, email) })
      ).status,
    ).toBe(200);
    expect((await t.http().post('/api/auth/verify-email/resend')).status).toBe(401);
  });

  it('gives an OPS_EMAILS address its role once the link proves it, not at sign-up', async () => {
    const { session } = await signUp(t, 'free', staffEmail);
    // anyone may sign up with the address: until its owner follows the link it is a user as any other
    expect(await me(session)).toMatchObject({ email_verified: false, role: null });
    expect((await t.http().get('/api/ops/overview').set(bearer(session))).status).toBe(403);
    const token = await verificationToken(t, staffEmail);
    await t.http().post('/api/auth/verify-email').send({ token }).expect(200);
    // at once, on the session already signed in
    expect(await me(session)).toMatchObject({ email_verified: true, role: 'ops' });
    expect((await t.http().get('/api/ops/overview').set(bearer(session))).status).toBe(200);
  });

  it('counts a password reset through the mailbox as verifying it', async () => {
    const { email, session } = await signUp(t);
    await t.http().post('/api/auth/password-reset').send({ email }).expect(200);
    const reset = await (async () => {
      for (let i = 0; i < 100; i++) {
        const mail = (await t.get(MailService).outbox()).find((m) => m.to === email && m.subject.startsWith('Reset'));
        if (mail) return mail as { text: string };
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('no reset mail');
    })();
    const token = decodeURIComponent(/reset_token=([\w%-]+)/.exec(reset.text)![1]);
    const confirmed = await t
      .http()
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: `${TEST_PASSWORD}-again` });
    expect(confirmed.status).toBe(200);
    expect(await me(confirmed.body)).toMatchObject({ email_verified: true });
    expect(session.user.email).toBe(email);
  });
});
