import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SupportMessages } from '@oddspulse/shared';
import {
  bearer,
  createAccountsApp,
  signUp,
  verifyEmail,
  type AccountsTestApp,
} from '../../../../test/support/accounts-app';

/** A message's headers and its text, quoted-printable decoded as a mail program would show it. */
function readEml(raw: string): { headers: string; text: string } {
  const [headers, ...body] = raw.split('\r\n\r\n');
  const joined = body.join('\r\n\r\n');
  const text = /Content-Transfer-Encoding: quoted-printable/i.test(headers)
    ? joined
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : joined;
  return { headers, text };
}

/** The .eml files of the mail folder, as read from disk, oldest first. */
async function mailFiles(
  t: AccountsTestApp,
): Promise<Array<{ name: string; mode: number; headers: string; text: string }>> {
  const folder = join(t.config.DATA_DIR, 'mail');
  const names = (await readdir(folder)).sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      mode: (await stat(join(folder, name))).mode & 0o777,
      ...readEml(await readFile(join(folder, name), 'utf8')),
    })),
  );
}

/**
 * The mail folder's message to `to` with this subject, once written: a reset's mail is sent after the answer, never
 * awaited by it (and sign-up's verification link goes to the same address).
 */
async function mailFileTo(t: AccountsTestApp, to: string, subject: string) {
  for (
    const deadline = Date.now() + 5000;
    Date.now() < deadline;
    await new Promise((resolve) => setTimeout(resolve, 20))
  ) {
    // the folder is made with the first mail
    const written = await mailFiles(t).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const mail = written.find((m) => m.headers.includes(`To: ${to}`) && m.headers.includes(`Subject: ${subject}`));
    if (mail) return mail;
  }
  throw new Error(`No mail file to ${to}`);
}

// DECISIONS 33, DESIGN "email": without SMTP outside production, every mail is an .eml file only the developer can read.
describe('local mail as files (no SMTP_URL, outside production)', () => {
  let t: AccountsTestApp;

  beforeAll(async () => {
    // Demo mode, as `npm start` runs by default, with no SMTP_URL and no DEV_OUTBOX.
    t = await createAccountsApp({
      NODE_ENV: 'development',
      DEMO_MODE: true,
      DEV_OUTBOX: false,
      DATA_DIR: await mkdtemp(join(tmpdir(), 'oddspulse-mail-')),
    });
  });

  afterAll(async () => {
    await t.app.close();
    await rm(t.config.DATA_DIR, { recursive: true, force: true });
  });

  it('sends a password reset: its .eml holds the link, readable by the developer alone in a folder of theirs alone', async () => {
    const { email } = await signUp(t);
    const res = await t.http().post('/api/auth/password-reset').send({ email });
    expect(res.status).toBe(200);

    const mail = await mailFileTo(t, email, 'Reset your OddsPulse password');
    expect(mail?.name).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);
    expect(mail?.headers).toContain('Subject: Reset your OddsPulse password');
    expect(mail?.headers).toContain(`From: ${t.config.MAIL_FROM}`);
    const token = /reset_token=([\w%-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    expect(mail?.mode).toBe(0o600);
    expect((await stat(join(t.config.DATA_DIR, 'mail'))).mode & 0o777).toBe(0o700);

    // The link in the file works.
    const confirmed = await t
      .http()
      .post('/api/auth/password-reset/confirm')
      .send({ token: decodeURIComponent(token!), password: 'Another-sturdy-pass-77' });
    expect(confirmed.status).toBe(200);
  });

  it('sends a support request and its acknowledgement, one .eml each', async () => {
    const { email, session } = await signUp(t, 'platinum');
    await verifyEmail(t, session.user.id);
    const res = await t
      .http()
      .post('/api/support')
      .set(bearer(session))
      .send({ subject: 'Odds stuck', message: 'NBA has not moved.' });
    expect(res.status).toBe(202);
    expect(res.body.message).toBe(SupportMessages.sentPriority);

    const mails = await mailFiles(t);
    const toSupport = mails.find((m) => m.headers.includes(`To: ${t.config.SUPPORT_EMAIL}`) && m.text.includes(email));
    expect(toSupport?.headers).toContain('Subject: [Priority] [platinum] Odds stuck');
    expect(toSupport?.headers).toContain(`Reply-To: ${email}`);
    expect(toSupport?.text).toContain('NBA has not moved.');
    const acknowledgement = mails.find(
      (m) => m.headers.includes(`To: ${email}`) && m.headers.includes('Subject: We received your support request'),
    );
    expect(acknowledgement?.text).not.toContain('NBA has not moved.');
    expect(mails.every((m) => m.mode === 0o600)).toBe(true);
  });

  it('serves no page of them: the outbox route stays closed', async () => {
    expect((await t.http().get('/api/dev/outbox')).status).toBe(404);
  });
});

// DECISIONS 33: production without a mail transport answers 503 with the spec's message, and writes no file.
describe('mail in production without SMTP_URL', () => {
  let t: AccountsTestApp;

  beforeAll(async () => {
    t = await createAccountsApp({
      NODE_ENV: 'production',
      DEMO_MODE: false,
      DATA_DIR: await mkdtemp(join(tmpdir(), 'oddspulse-mail-')),
    });
  });

  afterAll(async () => {
    await t.app.close();
    await rm(t.config.DATA_DIR, { recursive: true, force: true });
  });

  it('answers a support request 503 with its own message', async () => {
    const { session } = await signUp(t, 'gold');
    const res = await t
      .http()
      .post('/api/support')
      .set(bearer(session))
      .send({ subject: 'Billing', message: 'A question.' });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'SUPPORT_MAIL_UNAVAILABLE', message: SupportMessages.unavailable });
  });

  // The reset's own 503 is mail.int-spec's; here, that it leaves nothing on disk either.
  it('writes no mail file', async () => {
    const { email } = await signUp(t);
    expect((await t.http().post('/api/auth/password-reset').send({ email })).status).toBe(503);
    await expect(readdir(join(t.config.DATA_DIR, 'mail'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
