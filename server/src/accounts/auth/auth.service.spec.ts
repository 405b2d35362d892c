import type { HttpException } from '@nestjs/common';
import { AccountMessages } from '@oddspulse/shared';
import { parseConfig } from '@oddspulse/core';
import { AuthService } from './auth.service';

const config = parseConfig({ NODE_ENV: 'test' });
const origin = { ip: '192.0.2.1', userAgent: 'jest' };
const user = { id: 'user-1', email: 'owner@example.com', created_at: new Date('2026-01-01T00:00:00Z') };

/** An AuthService where no reset link is good until a test says so; only what a reset confirm touches is there. */
function setUp() {
  const resets = {
    findUsable: jest.fn().mockResolvedValue(undefined),
    consume: jest.fn().mockResolvedValue(undefined),
    consumeAllForUser: jest.fn(),
  };
  const users = {
    transaction: jest.fn((work: (trx: unknown) => unknown) => work('trx')),
    findById: jest.fn((id: string) => Promise.resolve(id === user.id ? user : undefined)),
    setPasswordHash: jest.fn(),
    markEmailVerified: jest.fn(),
  };
  const passwords = { hash: jest.fn().mockResolvedValue('argon2-hash') };
  const strength = { guessable: jest.fn().mockResolvedValue(null) };
  const sessions = {
    revokeAllIn: jest.fn().mockResolvedValue(0),
    announceRevoked: jest.fn(),
    start: jest.fn().mockResolvedValue({ csrfToken: 'csrf', session: {} }),
  };
  const none = {} as never;
  const service = new AuthService(
    users as never,
    none,
    passwords as never,
    strength as never,
    sessions as never,
    { revokeAllForUser: jest.fn().mockResolvedValue(0) } as never,
    resets as never,
    none,
    none,
    none,
    { run: jest.fn() } as never,
    { record: jest.fn() } as never,
    { cleared: jest.fn() } as never,
    none,
    config,
  );
  return { service, passwords, resets };
}

async function rejection(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = (await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  )) as HttpException | null;
  if (!error) throw new Error('expected a rejection');
  return error.getResponse() as { code: string; message: string };
}

describe('AuthService.confirmPasswordReset', () => {
  it('answers a made-up token without hashing the new password (argon2 is spent only on a good link)', async () => {
    const { service, passwords } = setUp();
    const answer = await rejection(
      service.confirmPasswordReset({ token: 'made-up', password: 'A perfectly long passphrase 42' }, origin),
    );
    expect(answer).toMatchObject({ code: 'RESET_TOKEN_INVALID', message: AccountMessages.resetTokenInvalid });
    expect(passwords.hash).not.toHaveBeenCalled();
  });

  it('refuses a weak password on a good link without hashing it', async () => {
    const { service, passwords, resets } = setUp();
    resets.findUsable.mockResolvedValue(user.id);
    const answer = await rejection(service.confirmPasswordReset({ token: 'good-token', password: 'weak' }, origin));
    expect(answer.code).toBe('weak_password');
    expect(passwords.hash).not.toHaveBeenCalled();
    expect(resets.consume).not.toHaveBeenCalled();
  });

  it('hashes once for a good link, and refuses it when another confirm spent it meanwhile', async () => {
    const { service, passwords, resets } = setUp();
    resets.findUsable.mockResolvedValue(user.id);
    const answer = await rejection(
      service.confirmPasswordReset({ token: 'good-token', password: 'A perfectly long passphrase 42' }, origin),
    );
    expect(answer.code).toBe('RESET_TOKEN_INVALID');
    expect(passwords.hash).toHaveBeenCalledTimes(1);
  });

  it('sets the new password of a good link', async () => {
    const { service, passwords, resets } = setUp();
    resets.findUsable.mockResolvedValue(user.id);
    resets.consume.mockResolvedValue(user.id);
    await service.confirmPasswordReset({ token: 'good-token', password: 'A perfectly long passphrase 42' }, origin);
    expect(passwords.hash).toHaveBeenCalledWith('A perfectly long passphrase 42');
  });
});
