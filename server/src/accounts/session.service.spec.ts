import { JwtService } from '@nestjs/jwt';
import { parseConfig } from '../config/config.schema';
import { sha256 } from './crypto';
import { SessionService } from './session.service';
import type { ProfilesRepository } from './profiles.repository';
import type { RefreshTokenRow, SessionsRepository } from './sessions.repository';

const config = parseConfig({ NODE_ENV: 'test' });
const user = { id: 'user-1', email: 'a@example.com', created_at: new Date('2026-01-01T00:00:00Z') };

function setUp(row: Partial<RefreshTokenRow> | undefined) {
  const sessions = {
    transaction: jest.fn((work: (trx: unknown) => unknown) => work('trx')),
    findRefreshTokenForUpdate: jest.fn().mockResolvedValue(row && { id: 't1', family_id: 'f1', user_id: 'user-1', expires_at: new Date(Date.now() + 60_000), rotated_at: null, family_revoked_at: null, ...row }),
    revokeFamily: jest.fn(),
    markRotated: jest.fn(),
    insertRefreshToken: jest.fn(),
    findPrincipal: jest.fn(),
  };
  const profiles = { find: jest.fn().mockResolvedValue({ id: 'user-1', username: 'sharp', updated_at: new Date() }) };
  const service = new SessionService(sessions as unknown as SessionsRepository, profiles as unknown as ProfilesRepository, new JwtService({ secret: config.JWT_SECRET }), config);
  return { service, sessions };
}

// Issue 5: refresh tokens rotate on use; reuse of an old token revokes the whole family.
describe('SessionService.refresh', () => {
  const load = async () => user;

  it('rotates a live token: marks it spent and issues a new one in the same family', async () => {
    const { service, sessions } = setUp({});
    const issued = await service.refresh('old-token', load);
    expect(sessions.findRefreshTokenForUpdate).toHaveBeenCalledWith(sha256('old-token'), 'trx');
    expect(sessions.markRotated).toHaveBeenCalledWith('t1', 'trx');
    expect(sessions.insertRefreshToken).toHaveBeenCalledWith('f1', sha256(issued.session.refresh_token), expect.any(Date));
    expect(issued.session.user).toEqual({ id: 'user-1', email: 'a@example.com', created_at: '2026-01-01T00:00:00.000Z', user_metadata: { username: 'sharp' } });
    expect(sessions.revokeFamily).not.toHaveBeenCalled();
  });

  it('revokes the family when a rotated token comes back', async () => {
    const { service, sessions } = setUp({ rotated_at: new Date() });
    await expect(service.refresh('old-token', load)).rejects.toMatchObject({ status: 401 });
    expect(sessions.revokeFamily).toHaveBeenCalledWith('f1', 'reuse', 'trx');
    expect(sessions.insertRefreshToken).not.toHaveBeenCalled();
  });

  it.each([
    ['unknown', undefined],
    ['expired', { expires_at: new Date(Date.now() - 1) }],
    ['from a revoked family', { family_revoked_at: new Date() }],
  ])('refuses a token that is %s, issuing nothing', async (_label, row) => {
    const { service, sessions } = setUp(row);
    await expect(service.refresh('old-token', load)).rejects.toMatchObject({ status: 401 });
    expect(sessions.markRotated).not.toHaveBeenCalled();
    expect(sessions.insertRefreshToken).not.toHaveBeenCalled();
  });
});

describe('SessionService.authenticate', () => {
  it('accepts its own token while the session stands, and nothing once it is revoked', async () => {
    const { service, sessions } = setUp({});
    const issued = await service.refresh('old-token', async () => user);
    sessions.findPrincipal.mockResolvedValueOnce({ user_id: 'user-1', email: 'a@example.com', revoked_at: null, plan: 'gold', status: 'active', current_period_end: null, unlimited: false });
    const ok = await service.authenticate(issued.session.access_token, 'bearer');
    expect(ok?.user).toEqual({ id: 'user-1', email: 'a@example.com', access: { plan: 'gold', unlimited: false }, accessUntil: null, via: 'bearer', sessionId: 'f1' });
    expect(ok?.claims.csrf).toBe(sha256(issued.csrfToken));
    // DECISIONS 4: a gifted month is in force until its end, and the principal says when that is
    const giftEnd = new Date(Date.now() + 86_400_000);
    sessions.findPrincipal.mockResolvedValueOnce({ user_id: 'user-1', email: 'a@example.com', revoked_at: null, plan: 'platinum', status: 'active', current_period_end: giftEnd, unlimited: false });
    expect((await service.authenticate(issued.session.access_token, 'bearer'))?.user).toMatchObject({ access: { plan: 'platinum' }, accessUntil: giftEnd });
    sessions.findPrincipal.mockResolvedValueOnce({ user_id: 'user-1', email: 'a@example.com', revoked_at: new Date(), plan: null, status: null, current_period_end: null, unlimited: null });
    expect(await service.authenticate(issued.session.access_token, 'bearer')).toBeNull();
  });

  it('refuses garbage and tokens signed with another secret', async () => {
    const { service } = setUp({});
    expect(await service.authenticate('garbage', 'bearer')).toBeNull();
    const foreign = new JwtService({ secret: 'another-secret-another-secret-1234' }).sign({ sub: 'user-1', sid: 'f1', csrf: 'x' }, { issuer: 'oddspulse', audience: 'oddspulse-api' });
    expect(await service.authenticate(foreign, 'bearer')).toBeNull();
  });
});
