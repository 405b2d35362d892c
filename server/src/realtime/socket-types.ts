import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, PlanAccess, ServerToClientEvents } from '@oddspulse/shared';
import type { AuthUser } from '../accounts/auth/auth-user';

/** What the gateway keeps on each socket: who it is (null when anonymous) and the plan in force now. */
export interface SocketData {
  user: AuthUser | null;
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
