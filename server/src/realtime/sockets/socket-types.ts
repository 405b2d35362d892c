import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, PlanAccess, ServerToClientEvents } from '@oddspulse/shared';
import type { AuthUser } from '../../accounts/auth/auth-user';

/**
 * What authorised a signed-in socket: an access token's session family (until the token's expiry, in ms since the
 * epoch; a `reauth` with a fresh token moves it on) or an API key (by its hash, so a rotated key no longer matches).
 */
export type SocketCredential =
  { kind: 'session'; sessionId: string; expiresAt: number | null } | { kind: 'api_key'; keyHash: string };

/** What the gateway keeps on each socket: who it is (null when anonymous), what authorised it, and the plan in force now. */
export interface SocketData {
  user: AuthUser | null;
  credential: SocketCredential | null;
  access: PlanAccess | null;
}

export type GatewayServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type GatewaySocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
/** A socket as `fetchSockets` gives it: on this process or (through the adapter) on another. */
export type UserSocket = Awaited<ReturnType<GatewayServer['fetchSockets']>>[number];

/** Every signed-in socket joins its user's room, so a plan change finds the user's sockets. */
export function accountRoom(userId: string): string {
  return `account:${userId}`;
}
