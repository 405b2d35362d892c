import { createServer, type AddressInfo, type Socket } from 'node:net';
import { Logger } from '@nestjs/common';
import { type AppConfig, parseConfig } from '../config/config.schema';
import type { DevOutboxRepository } from '../accounts/dev-outbox.repository';
import type { MailFilesRepository } from './mail-files.repository';
import { MailService, MailUnavailableError, messageRefusal, recipientRefusal } from './mail.service';

const config = (overrides: Partial<AppConfig>) =>
  ({
    NODE_ENV: 'development',
    SMTP_URL: undefined,
    DEV_OUTBOX: false,
    MAIL_FROM: 'OddsPulse <no-reply@oddspulse.test>',
    ...overrides,
  }) as AppConfig;

const outbox = { add: jest.fn() } as unknown as DevOutboxRepository;
const files = () => ({
  folder: '/home/dev/oddspulse/.data/mail',
  write: jest.fn().mockResolvedValue('/home/dev/oddspulse/.data/mail/m.eml'),
});
const mail = {
  to: 'user@example.com',
  subject: 'Reset your OddsPulse password',
  text: 'Set a new password: https://x/account?reset_token=secret',
};

// DECISIONS 33: local mail goes to files only the developer reads, the folder named once at start; no body is logged.
describe('MailService', () => {
  afterEach(() => jest.restoreAllMocks());

  it('names the mail folder once, at start, and writes each mail there with the sender, never logging its text', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const repo = files();
    const service = new MailService(config({}), outbox, repo as unknown as MailFilesRepository);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toMatchObject({ folder: '/home/dev/oddspulse/.data/mail' });

    await service.send(mail);
    await service.send(mail);
    expect(repo.write).toHaveBeenCalledWith({ from: 'OddsPulse <no-reply@oddspulse.test>', ...mail });
    expect(
      log.mock.calls.filter(([entry]) => JSON.stringify(entry).includes('/home/dev/oddspulse/.data/mail"')),
    ).toHaveLength(1);
    expect(JSON.stringify(log.mock.calls)).not.toContain('reset_token');
    expect(service.usesOutbox).toBe(false);
    expect(service.canSend).toBe(true);
  });

  it('refuses to send in production without SMTP_URL, and says so at start', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const repo = files();
    const service = new MailService(config({ NODE_ENV: 'production' }), outbox, repo as unknown as MailFilesRepository);
    expect(warn).toHaveBeenCalledTimes(1);
    await expect(service.send(mail)).rejects.toBeInstanceOf(MailUnavailableError);
    expect(repo.write).not.toHaveBeenCalled();
    expect(service.canSend).toBe(false);
  });
});

// nodemailer's errors as it raises them: `code`, the SMTP `command`, the reply and whether it is permanent.
describe('recipientRefusal', () => {
  const smtpError = (fields: Record<string, unknown>) => Object.assign(new Error('Mail command failed'), fields);

  it('is the reply when the server refuses the recipient for good', () => {
    const refused = smtpError({
      code: 'EENVELOPE',
      command: 'RCPT TO',
      permanent: true,
      response: '550 5.1.1 mailbox unavailable',
    });
    expect(recipientRefusal(refused)).toBe('550 5.1.1 mailbox unavailable');
  });

  it('is null for what a retry may pass or what every message meets', () => {
    // a deferral (4xx), a refused sender, a refused login, the server away
    expect(recipientRefusal(smtpError({ code: 'EENVELOPE', command: 'RCPT TO', permanent: false }))).toBeNull();
    expect(recipientRefusal(smtpError({ code: 'EENVELOPE', command: 'MAIL FROM', permanent: true }))).toBeNull();
    expect(recipientRefusal(smtpError({ code: 'EAUTH', command: 'AUTH PLAIN', permanent: true }))).toBeNull();
    expect(recipientRefusal(smtpError({ code: 'ESOCKET', originalCode: 'ECONNREFUSED' }))).toBeNull();
  });
});

// A message the server will never take fails that one user's digest (AlertDigestService), not the whole run for good.
describe('messageRefusal', () => {
  const smtpError = (fields: Record<string, unknown>) => Object.assign(new Error('Message failed'), fields);

  it("is the server's reply when it refuses the message itself for good", () => {
    expect(
      messageRefusal(smtpError({ code: 'EMESSAGE', command: 'DATA', permanent: true, response: '554 5.6.0 refused' })),
    ).toBe('554 5.6.0 refused');
  });

  it('is null for a deferral, an address refused, a lost connection or no error', () => {
    expect(messageRefusal(smtpError({ code: 'EMESSAGE', command: 'DATA', permanent: false, response: '451' }))).toBe(
      null,
    );
    expect(messageRefusal(smtpError({ code: 'EENVELOPE', command: 'RCPT TO', permanent: true }))).toBe(null);
    expect(messageRefusal(smtpError({ code: 'ETIMEDOUT', command: 'CONN' }))).toBe(null);
    expect(messageRefusal('not an error')).toBe(null);
  });
});

/** A TCP server that takes connections and never says a word: an SMTP server that hangs. */
async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// DECISIONS 33: a reset or support request answers 503 while mail cannot go, so a send must fail before the request
// has waited minutes (nodemailer's own limits: 2 minutes to connect, 30 s for the greeting, 10 minutes of silence).
describe('MailService: an SMTP server that accepts the connection and never answers', () => {
  let smtp: Awaited<ReturnType<typeof silentServer>>;
  let service: MailService | undefined;

  beforeEach(async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    smtp = await silentServer();
  });
  afterEach(async () => {
    service?.onModuleDestroy();
    await smtp.close();
    jest.restoreAllMocks();
  });

  const sendTook = async (env: NodeJS.ProcessEnv): Promise<number> => {
    const appConfig = parseConfig({ NODE_ENV: 'development', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...env });
    service = new MailService(appConfig, outbox, files() as unknown as MailFilesRepository);
    const started = Date.now();
    await expect(service.send(mail)).rejects.toThrow(/Greeting never received/);
    return Date.now() - started;
  };

  it('fails the send within seconds by default', async () => {
    expect(await sendTook({})).toBeLessThan(10_000);
  }, 20_000);

  it('fails it after SMTP_GREETING_TIMEOUT_MS when set', async () => {
    expect(await sendTook({ SMTP_GREETING_TIMEOUT_MS: '300' })).toBeLessThan(2_000);
  }, 20_000);
});
