import { JwtService } from '@nestjs/jwt';
import {
  parseConfig,
  PrincipalChanges,
  type ApiKeysRepository,
  type ProfilesRepository,
  type RealtimeBus,
  type RefreshTokenRow,
  type SessionsRepository,
} from '@oddspulse/core';
import { PrincipalCache } from './principal-cache';
import { refreshSuccessor, sha256 } from './crypto';
import { SessionService } from './session.service';
import type { AuditService } from '../audit/audit.service';

const config = parseConfig({ NODE_ENV: 'test' });
const user = { id: 'user-1', email: 'a@example.com', created_at: new Date('2026-01-01T00:00:00Z') };

const origin = { ip: '192.0.2.1', userAgent: 'jest' };

function setUp(row: Partial<RefreshTokenRow> | undefined, successor?: Partial<RefreshTokenRow>) {
  const tokenRow = (id: string, over: Partial<RefreshTokenRow> | undefined) =>
    over && {
      id,
      family_id: 'f1',
      user_id: 'user-1',
      expires_at: new Date(Date.now() + 60_000),
      rotated_at: null,
      family_revoked_at: null,
      ...over,
    };
  const sessions = {
    transaction: jest.fn((work: (trx: unknown) => unknown) => work('trx')),
    findRefreshTokenForUpdate: jest
      .fn()
      .mockResolvedValueOnce(tokenRow('t1', row))
      .mockResolvedValueOnce(tokenRow('t2', successor)),
    revokeFamily: jest.fn(),
    revokeAllForUser: jest.fn().mockResolvedValue(2),
    markRotated: jest.fn(),
    insertRefreshToken: jest.fn(),
    findPrincipal: jest.fn(),
  };
  const profiles = { find: jest.fn().mockResolvedValue({ id: 'user-1', username: 'sharp', updated_at: new Date() }) };
  const audit = { record: jest.fn() };
  const bus = { publishControl: jest.fn() } as unknown as RealtimeBus;
  const changes = new PrincipalChanges(bus);
  const announced: string[] = [];
  changes.onAnnounced((userId) => announced.push(userId));
  const service = new SessionService(
    sessions as unknown as SessionsRepository,
    profiles as unknown as ProfilesRepository,
    new JwtService({ secret: config.JWT_SECRET }),
    audit as unknown as AuditService,
    // not started (onModuleInit): no bus heard, so every lookup reads the repository
    new PrincipalCache(sessions as unknown as SessionsRepository, {} as ApiKeysRepository, changes, bus),
    changes,
    config,
  );
  return { service, sessions, audit, announced };
}

const graceMs = config.REFRESH_TOKEN_REUSE_GRACE_SECONDS * 1000;

// Refresh tokens rotate on use; reuse of an old token revokes the whole family, after a grace window.
describe('SessionService.refresh', () => {
  const load = async () => user;

  it('rotates a live token: marks it spent and stores its successor in the same family and transaction', async () => {
    const { service, sessions } = setUp({});
    const issued = await service.refresh('old-token', load, origin);
    expect(sessions.findRefreshTokenForUpdate).toHaveBeenCalledWith(sha256('old-token'), 'trx');
    expect(sessions.markRotated).toHaveBeenCalledWith('t1', 'trx');
    expect(issued.session.refresh_token).toBe(refreshSuccessor(config.JWT_SECRET, 'old-token'));
    expect(sessions.insertRefreshToken).toHaveBeenCalledWith(
      'f1',
      sha256(issued.session.refresh_token),
      expect.any(Date),
      'trx',
    );
    expect(issued.session.user).toEqual({
      id: 'user-1',
      email: 'a@example.com',
      created_at: '2026-01-01T00:00:00.000Z',
      user_metadata: { username: 'sharp' },
    });
    expect(sessions.revokeFamily).not.toHaveBeenCalled();
  });

  it('gives the same successor to a rotated token presented again within the grace window', async () => {
    const { service, sessions } = setUp({ rotated_at: new Date(Date.now() - graceMs + 2000) }, {});
    const issued = await service.refresh('old-token', load, origin);
    expect(issued.session.refresh_token).toBe(refreshSuccessor(config.JWT_SECRET, 'old-token'));
    expect(sessions.findRefreshTokenForUpdate).toHaveBeenLastCalledWith(sha256(issued.session.refresh_token), 'trx');
    expect(sessions.markRotated).not.toHaveBeenCalled();
    expect(sessions.insertRefreshToken).not.toHaveBeenCalled();
    expect(sessions.revokeFamily).not.toHaveBeenCalled();
  });

  it('refuses, without revoking, within the window once the successor was spent in turn', async () => {
    const { service, sessions } = setUp({ rotated_at: new Date() }, { rotated_at: new Date() });
    await expect(service.refresh('old-token', load, origin)).rejects.toMatchObject({ status: 401 });
    expect(sessions.revokeFamily).not.toHaveBeenCalled();
  });

  it('revokes the family, and records it, when a rotated token comes back after the window', async () => {
    const { service, sessions, audit, announced } = setUp({ rotated_at: new Date(Date.now() - graceMs - 1000) });
    await expect(service.refresh('old-token', load, origin)).rejects.toMatchObject({ status: 401 });
    expect(sessions.revokeFamily).toHaveBeenCalledWith('f1', 'reuse', 'trx');
    // Every server process drops the user's cached sessions, so the family's access tokens stop at once
    expect(announced).toEqual(['user-1']);
    expect(sessions.insertRefreshToken).not.toHaveBeenCalled();
    expect(audit.record).toHaveBeenCalledWith(
      expect.objectContaining({ userId: 'user-1', action: 'auth.session_ended_token_reuse', ip: '192.0.2.1' }),
    );
  });

  it.each([
    ['unknown', undefined],
    ['expired', { expires_at: new Date(Date.now() - 1) }],
    ['from a revoked family', { family_revoked_at: new Date() }],
  ])('refuses a token that is %s, issuing nothing', async (_label, row) => {
    const { service, sessions } = setUp(row);
    await expect(service.refresh('old-token', load, origin)).rejects.toMatchObject({ status: 401 });
    expect(sessions.markRotated).not.toHaveBeenCalled();
    expect(sessions.insertRefreshToken).not.toHaveBeenCalled();
  });
});

// Server processes keep principals in memory; a sign-out or a password reset must reach every one of them.
describe('SessionService.revokeAll', () => {
  it('announces the user once the sessions are revoked', async () => {
    const { service, sessions, announced } = setUp({});
    sessions.revokeAllForUser.mockImplementationOnce(async () => {
      expect(announced).toEqual([]);
      return 2;
    });
    expect(await service.revokeAll('user-1', 'logout')).toBe(2);
    expect(announced).toEqual(['user-1']);
  });
});

describe('SessionService.authenticate', () => {
  it('accepts its own token while the session stands, and nothing once it is revoked', async () => {
    const { service, sessions } = setUp({});
    const issued = await service.refresh('old-token', async () => user, origin);
    sessions.findPrincipal.mockResolvedValueOnce({
      user_id: 'user-1',
      email: 'a@example.com',
      revoked_at: null,
      plan: 'gold',
      status: 'active',
      current_period_end: null,
      cancel_at_period_end: false,
      is_gifted: false,
      unlimited: false,
    });
    const ok = await service.authenticate(issued.session.access_token, 'bearer');
    expect(ok?.user).toEqual({
      id: 'user-1',
      email: 'a@example.com',
      access: { plan: 'gold', unlimited: false },
      accessUntil: null,
      via: 'bearer',
      sessionId: 'f1',
      role: null,
    });
    expect(ok?.claims.csrf).toBe(sha256(issued.csrfToken));
    // The operations role comes from the configuration with every authentication (here demo mode's ops account)
    sessions.findPrincipal.mockResolvedValueOnce({
      user_id: 'user-2',
      email: 'ops@demo.local',
      email_verified_at: new Date(),
      revoked_at: null,
      plan: 'free',
      status: 'active',
      current_period_end: null,
      cancel_at_period_end: false,
      is_gifted: false,
      unlimited: false,
    });
    expect((await service.authenticate(issued.session.access_token, 'bearer'))?.user.role).toBe('ops');
    // DECISIONS 4: a gifted month is in force until its end, and the principal says when that is
    const giftEnd = new Date(Date.now() + 86_400_000);
    sessions.findPrincipal.mockResolvedValueOnce({
      user_id: 'user-1',
      email: 'a@example.com',
      revoked_at: null,
      plan: 'platinum',
      status: 'active',
      current_period_end: giftEnd,
      cancel_at_period_end: false,
      is_gifted: true,
      unlimited: false,
    });
    expect((await service.authenticate(issued.session.access_token, 'bearer'))?.user).toMatchObject({
      access: { plan: 'platinum' },
      accessUntil: giftEnd,
    });
    sessions.findPrincipal.mockResolvedValueOnce({
      user_id: 'user-1',
      email: 'a@example.com',
      revoked_at: new Date(),
      plan: null,
      status: null,
      current_period_end: null,
      cancel_at_period_end: null,
      is_gifted: null,
      unlimited: null,
    });
    expect(await service.authenticate(issued.session.access_token, 'bearer')).toBeNull();
  });

  it('gives the operations role to a verified address only: anyone may sign up with the one OPS_EMAILS names', async () => {
    const { service, sessions } = setUp({});
    const issued = await service.refresh('old-token', async () => user, origin);
    const staff = {
      user_id: 'user-2',
      email: 'ops@demo.local',
      revoked_at: null,
      plan: 'free',
      status: 'active',
      current_period_end: null,
      cancel_at_period_end: false,
      is_gifted: false,
      unlimited: false,
    };
    sessions.findPrincipal.mockResolvedValueOnce({ ...staff, email_verified_at: null });
    expect((await service.authenticate(issued.session.access_token, 'bearer'))?.user.role).toBeNull();
    sessions.findPrincipal.mockResolvedValueOnce({ ...staff, email_verified_at: new Date() });
    expect((await service.authenticate(issued.session.access_token, 'bearer'))?.user.role).toBe('ops');
  });

  it('refuses garbage and tokens signed with another secret', async () => {
    const { service } = setUp({});
    expect(await service.authenticate('garbage', 'bearer')).toBeNull();
    const foreign = new JwtService({ secret: 'another-secret-another-secret-1234' }).sign(
      { sub: 'user-1', sid: 'f1', csrf: 'x' },
      { issuer: 'oddspulse', audience: 'oddspulse-api' },
    );
    expect(await service.authenticate(foreign, 'bearer')).toBeNull();
  });
});
