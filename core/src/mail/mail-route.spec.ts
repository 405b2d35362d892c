import { mailBanner, mailRoute } from './mail-route';

// DECISIONS 33: local mail goes where only the developer can read it; production without SMTP sends none.
describe('mailRoute', () => {
  it('sends through SMTP whenever SMTP_URL is set, in production and out of it', () => {
    expect(mailRoute({ SMTP_URL: 'smtp://mail.example:587', DEV_OUTBOX: false, NODE_ENV: 'production' })).toBe('smtp');
    expect(mailRoute({ SMTP_URL: 'smtp://mail.example:587', DEV_OUTBOX: true, NODE_ENV: 'development' })).toBe('smtp');
  });

  it('writes files in development and tests by default, the dev outbox only when opted into', () => {
    expect(mailRoute({ SMTP_URL: undefined, DEV_OUTBOX: false, NODE_ENV: 'development' })).toBe('files');
    expect(mailRoute({ SMTP_URL: undefined, DEV_OUTBOX: false, NODE_ENV: 'test' })).toBe('files');
    expect(mailRoute({ SMTP_URL: undefined, DEV_OUTBOX: true, NODE_ENV: 'development' })).toBe('dev-outbox');
  });

  it('has nowhere to send in production without SMTP_URL', () => {
    expect(mailRoute({ SMTP_URL: undefined, DEV_OUTBOX: false, NODE_ENV: 'production' })).toBe('none');
  });
});

describe('mailBanner', () => {
  const local = {
    SMTP_URL: undefined,
    DEV_OUTBOX: false,
    NODE_ENV: 'development',
    DATA_DIR: '/home/dev/oddspulse/.data',
  } as const;
  it('names the folder local mail is written to, and otherwise where mail goes', () => {
    expect(mailBanner(local)).toBe('Mail: written as .eml files in /home/dev/oddspulse/.data/mail');
    expect(mailBanner({ ...local, DEV_OUTBOX: true })).toBe('Mail: the dev outbox, GET /api/dev/outbox');
    expect(mailBanner({ ...local, SMTP_URL: 'smtp://user:secret@mail.example:587' })).toBe(
      'Mail: sent through mail.example:587',
    );
    expect(mailBanner({ ...local, NODE_ENV: 'production' })).toBe('Mail: none is sent (no SMTP_URL in production)');
  });
});
