import type { AuthUser } from '../auth/auth-user';
import { opsRefusal } from './ops-access';

const user = (fields: Partial<AuthUser>): AuthUser => ({
  id: 'u1',
  email: 'u1@example.com',
  access: { plan: 'platinum', unlimited: false },
  accessUntil: null,
  via: 'bearer',
  sessionId: 's1',
  role: null,
  ...fields,
});

const codeOf = (refusal: ReturnType<typeof opsRefusal>) =>
  refusal ? [refusal.getStatus(), (refusal.getResponse() as { code: string }).code] : null;

// Visitors 401, signed-in users without the role 403, API keys 403, ops_viewer read-only.
describe('opsRefusal', () => {
  it('refuses a visitor with 401 and anyone signed in without the role with 403, Platinum included', () => {
    expect(codeOf(opsRefusal(null, 'view'))).toEqual([401, 'AUTH_REQUIRED']);
    expect(codeOf(opsRefusal(user({}), 'view'))).toEqual([403, 'OPS_REQUIRED']);
    expect(codeOf(opsRefusal(user({ via: 'cookie' }), 'operate'))).toEqual([403, 'OPS_REQUIRED']);
  });

  // A key is for the odds reads alone
  it('refuses an API key even when its owner holds the role', () => {
    expect(codeOf(opsRefusal(user({ via: 'api_key', role: 'ops' }), 'view'))).toEqual([403, 'API_KEY_NOT_ALLOWED']);
  });

  it('lets ops look and act, and ops_viewer only look', () => {
    expect(opsRefusal(user({ role: 'ops' }), 'view')).toBeNull();
    expect(opsRefusal(user({ role: 'ops', via: 'cookie' }), 'operate')).toBeNull();
    expect(opsRefusal(user({ role: 'ops_viewer' }), 'view')).toBeNull();
    expect(codeOf(opsRefusal(user({ role: 'ops_viewer' }), 'operate'))).toEqual([403, 'OPS_OPERATE_REQUIRED']);
  });
});
