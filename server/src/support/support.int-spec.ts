import { randomBytes } from 'node:crypto';
import { MailService } from '@oddspulse/core';
import { AccountsTestApp, bearer, createAccountsApp, signUp, verifyEmail } from '../../../test/support/accounts-app';

type Outboxed = { to: string; replyTo?: string; subject: string; text: string };

// Premium support, sold with Platinum: POST /api/support mails the support address with the user to reply to, and
// acknowledges it to the user's verified address in the product's words only; limited per account and per address.
describe('support requests (real PostgreSQL and Redis, dev outbox)', () => {
  let t: AccountsTestApp;
  const support = `support-${randomBytes(4).toString('hex')}@oddspulse.local`;
  beforeAll(async () => {
    t = await createAccountsApp({
      DEV_OUTBOX: true,
      SUPPORT_EMAIL: support,
      RATE_LIMIT_SUPPORT_MAX: 3,
      RATE_LIMIT_SUPPORT_RECIPIENT_MAX: 3,
    });
  });
  afterAll(() => t.app.close());

  const outbox = async () => (await t.get(MailService).outbox()) as Outboxed[];
  const send = (session: Parameters<typeof bearer>[0], subject: string, message: string) =>
    t.http().post('/api/support').set(bearer(session)).send({ subject, message });

  it('refuses a signed-out caller and empty fields', async () => {
    expect((await t.http().post('/api/support').send({ subject: 'Hi', message: 'Hello' })).status).toBe(401);
    const { session } = await signUp(t, 'gold');
    const empty = await t.http().post('/api/support').set(bearer(session)).send({ subject: ' ', message: 'Hello' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('subject: Enter a subject');
  });

  it("marks a Platinum user's request priority, with the user to reply to, and acknowledges it without repeating it", async () => {
    const { email, session } = await signUp(t, 'platinum');
    await verifyEmail(t, session.user.id);
    const res = await send(session, 'Odds stuck', 'NBA has not moved.');
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ priority: true, acknowledged: true });
    const mails = await outbox();
    const toSupport = mails.find((m) => m.to === support && m.text.includes(email));
    expect(toSupport).toMatchObject({ subject: '[Priority] [platinum] Odds stuck', replyTo: email });
    const acknowledgements = mails.filter((m) => m.to === email && m.subject === 'We received your support request');
    expect(acknowledgements).toHaveLength(1);
    expect(JSON.stringify(acknowledgements[0])).not.toMatch(/Odds stuck|NBA has not moved/);
  });

  it('sends a Gold request as an ordinary one', async () => {
    const { email, session } = await signUp(t, 'gold');
    await verifyEmail(t, session.user.id);
    const res = await send(session, 'Billing', 'A question.');
    expect(res.body.priority).toBe(false);
    expect((await outbox()).find((m) => m.to === support && m.text.includes(email))?.subject).toBe('[gold] Billing');
  });

  // The form was a relay: 60 requests mailed what the sender wrote to the account's address under the product's name.
  it('mails an unverified address nothing, and takes a few requests per account', async () => {
    const { email, session } = await signUp(t);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await send(session, `Win a prize ${i}`, 'Click http://phish.example'));
    expect(answers.map((res) => res.status)).toEqual([202, 202, 202, 429, 429, 429]);
    expect(Number(answers[3].headers['retry-after'])).toBeGreaterThan(0);
    expect(answers[0].body).toEqual({
      priority: false,
      acknowledged: false,
      message:
        'Thanks: your message is with our support team. Verify your email address (we sent you a link) so that we can write back to it.',
    });
    const mails = await outbox();
    // the verification link is all that ever went to the address
    expect(mails.filter((m) => m.to === email).map((m) => m.subject)).toEqual(['Verify your OddsPulse email address']);
    const toSupport = mails.filter((m) => m.to === support && m.text.includes(email));
    expect(toSupport).toHaveLength(3);
    expect(toSupport[0].text.split('\n')[0]).toContain(`${email} (not verified)`);
  });
});
