import { randomBytes } from 'node:crypto';
import { AccountsTestApp, bearer, createAccountsApp, signUp } from '../../../test/support/accounts-app';

// Premium support, sold with Platinum: POST /api/support mails the support address and acknowledges to the user
describe('support requests (real PostgreSQL and Redis, dev outbox)', () => {
  let t: AccountsTestApp;
  const support = `support-${randomBytes(4).toString('hex')}@oddspulse.local`;
  beforeAll(async () => {
    t = await createAccountsApp({ DEV_OUTBOX: true, SUPPORT_EMAIL: support });
  });
  afterAll(() => t.app.close());

  const outbox = async () =>
    (await t.http().get('/api/dev/outbox').expect(200)).body as Array<{ to: string; subject: string; text: string }>;

  it('refuses a signed-out caller and empty fields', async () => {
    expect((await t.http().post('/api/support').send({ subject: 'Hi', message: 'Hello' })).status).toBe(401);
    const { session } = await signUp(t, 'gold');
    const empty = await t.http().post('/api/support').set(bearer(session)).send({ subject: ' ', message: 'Hello' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('subject: Enter a subject');
  });

  it("marks a Platinum user's request priority, and acknowledges it to the user's own address", async () => {
    const { email, session } = await signUp(t, 'platinum');
    const res = await t
      .http()
      .post('/api/support')
      .set(bearer(session))
      .send({ subject: 'Odds stuck', message: 'NBA has not moved.' });
    expect(res.status).toBe(202);
    expect(res.body.priority).toBe(true);
    const mails = await outbox();
    const toSupport = mails.find((m) => m.to === support && m.text.includes(email));
    expect(toSupport?.subject).toBe('[Priority] [platinum] Odds stuck');
    expect(mails.find((m) => m.to === email)?.subject).toBe('We received your message: Odds stuck');
  });

  it('sends a Gold request as an ordinary one', async () => {
    const { email, session } = await signUp(t, 'gold');
    const res = await t
      .http()
      .post('/api/support')
      .set(bearer(session))
      .send({ subject: 'Billing', message: 'A question.' });
    expect(res.body.priority).toBe(false);
    expect((await outbox()).find((m) => m.to === support && m.text.includes(email))?.subject).toBe('[gold] Billing');
  });
});
