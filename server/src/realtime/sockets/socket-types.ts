import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
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

/** The channel rooms a socket is in, its subscriptions: not the room of its own id socket.io keeps, nor its account's. */
export function subscriptionsOf(socket: GatewaySocket): number {
  const account = socket.data.user ? accountRoom(socket.data.user.id) : null;
  let count = 0;
  for (const room of socket.rooms) if (room !== socket.id && room !== account) count++;
  return count;
}

/**
 * A socket event's payload, read as a custom parameter rather than with @MessageBody(): Nest hands the global pipes a
 * @MessageBody() payload as a `body` (a socket payload and an HTTP body share one parameter type), so TextInputPipe's
 * refusal, thrown where no client listens for it, became an `exception` event instead of the event's acknowledgement.
 * The gateway checks its payloads itself and answers with the protocol's ack (docs/realtime.md).
 */
export const SocketPayload = createParamDecorator((_data: unknown, context: ExecutionContext): unknown =>
  context.switchToWs().getData(),
);
