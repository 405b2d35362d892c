import { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/config.schema';
import type { DevOutboxRepository } from '../accounts/dev-outbox.repository';
import type { MailFilesRepository } from './mail-files.repository';
import { MailService, SMTP_RETRY_AFTER_SECONDS } from './mail.service';

const transport = { verify: jest.fn(), sendMail: jest.fn(), close: jest.fn() };
jest.mock('nodemailer', () => ({ createTransport: () => transport }));

const config = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587', MAIL_FROM: 'x@example.com' };
const mail = { to: 'user@example.com', subject: 's', text: 't' };

// DECISIONS 33: mail-dependent actions refuse at once while the SMTP server does not take mail; health names it.
describe('MailService: the SMTP server state', () => {
  let now = 1_000_000;
  let service: MailService;

  beforeEach(() => {
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    transport.verify.mockReset();
    transport.sendMail.mockReset();
    service = new MailService(config as AppConfig, {} as DevOutboxRepository, {} as MailFilesRepository);
  });
  afterEach(() => jest.restoreAllMocks());

  it('checks once for every caller meanwhile, and again only once the answer is old', async () => {
    transport.verify.mockResolvedValue(true);
    expect(await Promise.all([service.smtpProblem(), service.smtpProblem()])).toEqual([null, null]);
    now += 59_000;
    expect(await service.smtpProblem()).toBeNull();
    expect(transport.verify).toHaveBeenCalledTimes(1);
    now += 2_000;
    await service.smtpProblem();
    expect(transport.verify).toHaveBeenCalledTimes(2);
  });

  it('names a server that refuses, checks again after the Retry-After it gives, and hears it come back', async () => {
    transport.verify.mockRejectedValueOnce(new Error('connect ECONNREFUSED 10.0.0.5:587'));
    expect(await service.smtpProblem()).toBe('The SMTP server does not take mail: connect ECONNREFUSED 10.0.0.5:587');
    transport.verify.mockResolvedValue(true);
    expect(await service.smtpProblem()).not.toBeNull();
    now += SMTP_RETRY_AFTER_SECONDS * 1000;
    expect(await service.smtpProblem()).toBeNull();
  });

  // a reset's 200 promises a mail sent after it (spec 000 §8): that the server answered a minute ago is not enough
  it('checks again for a caller that asks fresh while the server answers, not while it does not', async () => {
    transport.verify.mockResolvedValue(true);
    expect(await service.smtpProblem()).toBeNull();
    transport.verify.mockRejectedValue(new Error('connect ECONNREFUSED 10.0.0.5:587'));
    expect(await service.smtpProblem()).toBeNull();
    expect(await service.smtpProblem({ fresh: true })).toMatch(/ECONNREFUSED/);
    expect(await service.smtpProblem({ fresh: true })).toMatch(/ECONNREFUSED/);
    expect(transport.verify).toHaveBeenCalledTimes(2);
  });

  it("learns from a send: the server's failure stands for the next caller, one recipient's refusal does not", async () => {
    transport.verify.mockResolvedValue(true);
    const refused = Object.assign(new Error('550 no such user'), {
      code: 'EENVELOPE',
      command: 'RCPT TO',
      permanent: true,
    });
    transport.sendMail.mockRejectedValueOnce(refused);
    await expect(service.send(mail)).rejects.toBe(refused);
    // nothing learnt of the server: it is checked
    expect(await service.smtpProblem()).toBeNull();
    expect(transport.verify).toHaveBeenCalledTimes(1);
    transport.sendMail.mockRejectedValueOnce(new Error('Connection timeout'));
    await expect(service.send(mail)).rejects.toThrow('Connection timeout');
    // learnt from the send itself: no check, and the 503 at once
    expect(await service.smtpProblem()).toBe('The SMTP server does not take mail: Connection timeout');
    expect(transport.verify).toHaveBeenCalledTimes(1);
  });
});
