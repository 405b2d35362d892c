import type { AuthUser } from '../../accounts/auth/auth-user';
import type { SocketAuthService } from './socket-auth.service';
import { REAUTH_LEAD_MS, SocketCredentials, type BoundSocket } from './socket-credentials';
import type { GatewaySocket, SocketCredential } from './socket-types';

const user: AuthUser = {
  id: 'u1',
  email: 'u1@example.com',
  access: { plan: 'gold', unlimited: false },
  accessUntil: null,
  via: 'bearer',
  sessionId: 's1',
  role: null,
};

function fakeSocket(credential: SocketCredential | null, id = 'sock-1') {
  const emitted: unknown[][] = [];
  const socket = {
    id,
    data: { user: credential ? user : null, credential, access: user.access },
    emit: jest.fn((...args: unknown[]) => emitted.push(args)),
    disconnect: jest.fn(),
  };
  return { socket, asGateway: socket as unknown as GatewaySocket, emitted };
}

describe('SocketCredentials', () => {
  const standing = new Set<string>();
  const auth = {
    stands: jest.fn(async (_userId: string, credential: SocketCredential) =>
      standing.has(credential.kind === 'session' ? credential.sessionId : credential.keyHash),
    ),
  };
  const credentials = new SocketCredentials(auth as unknown as SocketAuthService);

  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z') });
    standing.clear();
  });

  afterEach(() => {
    credentials.onModuleDestroy();
    jest.useRealTimers();
  });

  it('asks a token socket to reauth REAUTH_LEAD_MS before its expiry and closes it at the expiry', () => {
    const expiresAt = Date.now() + 15 * 60_000;
    const { socket, asGateway, emitted } = fakeSocket({ kind: 'session', sessionId: 's1', expiresAt });
    credentials.bind(asGateway);
    jest.advanceTimersByTime(15 * 60_000 - REAUTH_LEAD_MS - 1);
    expect(emitted).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(emitted).toEqual([['reauth', { expires_at: expiresAt / 1000 }]]);
    jest.advanceTimersByTime(REAUTH_LEAD_MS - 1);
    expect(socket.disconnect).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(socket.disconnect).toHaveBeenCalledWith(true);
  });

  it('asks at half the life left of a short-lived token, and times nothing for an API key or after release', () => {
    const { asGateway, emitted } = fakeSocket({ kind: 'session', sessionId: 's1', expiresAt: Date.now() + 20_000 });
    credentials.bind(asGateway);
    jest.advanceTimersByTime(10_000);
    expect(emitted).toHaveLength(1);

    const key = fakeSocket({ kind: 'api_key', keyHash: 'h' }, 'sock-2');
    credentials.bind(key.asGateway);
    const released = fakeSocket({ kind: 'session', sessionId: 's1', expiresAt: Date.now() + 1000 }, 'sock-3');
    credentials.bind(released.asGateway);
    credentials.release(released.asGateway);
    jest.advanceTimersByTime(24 * 3600_000);
    expect(key.socket.disconnect).not.toHaveBeenCalled();
    expect(released.socket.disconnect).not.toHaveBeenCalled();
  });

  it('checks a socket again at its connection when a principal change was heard during its handshake', async () => {
    const during = fakeSocket({ kind: 'session', sessionId: 's-revoked', expiresAt: null }, 'during');
    credentials.handshakeStarted(during.asGateway);
    credentials.principalChanged();
    // and says so, for the plan the handshake read to be read again
    expect(credentials.bind(during.asGateway)).toBe(true);
    const quiet = fakeSocket({ kind: 'session', sessionId: 's-revoked', expiresAt: null }, 'quiet');
    credentials.handshakeStarted(quiet.asGateway);
    expect(credentials.bind(quiet.asGateway)).toBe(false);
    await jest.runAllTimersAsync();
    expect(during.socket.disconnect).toHaveBeenCalledWith(true);
    expect(quiet.socket.disconnect).not.toHaveBeenCalled();
  });

  it('closes only the sockets whose own credential no longer stands', async () => {
    standing.add('s2');
    standing.add('key-kept');
    const sockets = [
      fakeSocket({ kind: 'session', sessionId: 's1', expiresAt: null }, 'a'),
      fakeSocket({ kind: 'session', sessionId: 's2', expiresAt: null }, 'b'),
      fakeSocket({ kind: 'api_key', keyHash: 'key-revoked' }, 'c'),
      fakeSocket({ kind: 'api_key', keyHash: 'key-kept' }, 'd'),
      fakeSocket(null, 'e'),
    ];
    const open = await credentials.dropRevoked(sockets.map((s) => s.socket as BoundSocket));
    expect(open).toEqual([sockets[1], sockets[3], sockets[4]].map((s) => s.socket));
    expect(sockets.map((s) => s.socket.disconnect.mock.calls.length)).toEqual([1, 0, 1, 0, 0]);
  });
});
