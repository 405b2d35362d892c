import { Logger, OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayDisconnect,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import {
  channelAccess,
  hasPlatinum,
  LIVE_UPDATES_UNAVAILABLE,
  REALTIME_CHANNELS,
  RealtimeChannel,
  roomName,
  subscriptionTarget,
  type PlanAccess,
  type ReauthAck,
  type SubscribeAck,
  type SubscribeRequest,
  type UnsubscribeAck,
} from '@oddspulse/shared';
import { PlanService, type PlanChangedMessage } from '../accounts/plans/plan.service';
import { RedisKeys, RealtimePublisher } from '@oddspulse/core';
import { RealtimeRelay } from './realtime-relay.service';
import { PlanLapseTimers } from './plan-lapse-timers';
import { GatewayStats } from './gateway-stats';
import { SocketAuthService } from './socket-auth.service';
import { SocketCredentials } from './socket-credentials';
import { SocketLimits } from './socket-limits';
import { accountRoom, type GatewayServer, type GatewaySocket } from './socket-types';

/** Rooms one socket may hold (every sport of every channel fits well within it); keeps a client from hoarding memory. */
export const MAX_ROOMS_PER_SOCKET = 100;

const sameAccess = (a: PlanAccess | null, b: PlanAccess) => a?.plan === b.plan && a.unlimited === b.unlimited;

function channelOfRoom(room: string): RealtimeChannel | null {
  const channel = room.slice(0, room.indexOf(':'));
  return (REALTIME_CHANNELS as readonly string[]).includes(channel) ? (channel as RealtimeChannel) : null;
}

/**
 * The socket.io gateway: authenticates the handshake, checks the plan for each room on subscribe (and again
 * when the plan changes or its paid period ends), and relays what the workers publish. Each signed-in socket lives
 * no longer than what authorised it (SocketCredentials decides: revocations, a token's expiry, `reauth`). Transport
 * options are set by RedisIoAdapter.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy {
  private readonly logger = new Logger(RealtimeGateway.name);
  @WebSocketServer() private server!: GatewayServer;
  /** A paid period ends without any plan change being published (a gifted month): each process times its own users. */
  private readonly lapses = new PlanLapseTimers((userId) => {
    this.onPlanLapse(userId).catch((error: unknown) => this.logger.error({ msg: 'Plan lapse re-check failed', userId, err: error }));
  });

  constructor(
    private readonly auth: SocketAuthService,
    private readonly relay: RealtimeRelay,
    private readonly publisher: RealtimePublisher,
    private readonly plans: PlanService,
    private readonly limits: SocketLimits,
    private readonly stats: GatewayStats,
    private readonly credentials: SocketCredentials,
  ) {}

  async afterInit(server: GatewayServer): Promise<void> {
    this.stats.attach(server);
    server.use(this.limits.handshake());
    server.use((socket, next) => {
      this.credentials.handshakeStarted(socket);
      this.auth
        .authenticate({ headers: socket.handshake.headers, auth: (socket.handshake.auth ?? {}) as Record<string, unknown> })
        .then((result) => {
          if (!result.ok) return next(Object.assign(new Error(result.message), { data: { code: result.code } }));
          socket.data.user = result.user;
          socket.data.credential = result.credential;
          socket.data.access = result.user?.access ?? null;
          next();
        })
        .catch((error: Error) => {
          this.logger.error({ msg: 'Socket handshake failed', error: error.message });
          next(Object.assign(new Error('Server error. Our team has been notified.'), { data: { code: 'SERVER_ERROR' } }));
        });
    });
    server.use(this.limits.concurrency());
    await this.relay.attach(server, [
      [
        RedisKeys.planChanged,
        (message) => {
          this.onPlanChanged(message).catch((error: Error) => this.logger.error({ msg: 'Plan change re-check failed', err: error }));
        },
      ],
      [
        RedisKeys.principalChanged,
        (userId) => {
          this.onPrincipalChanged(userId).catch((error: Error) => this.logger.error({ msg: 'Credential re-check failed', userId, err: error }));
        },
      ],
    ]);
  }

  handleConnection(socket: GatewaySocket): void {
    this.limits.watch(socket);
    const user = socket.data.user;
    if (!user) return;
    void socket.join(accountRoom(user.id));
    this.lapses.set(user.id, user.accessUntil);
    this.credentials.bind(socket);
  }

  handleDisconnect(socket: GatewaySocket): void {
    this.credentials.release(socket);
    const user = socket.data.user;
    // the socket has left its rooms by now: the timer goes with the user's last socket on this process
    if (user && !this.server.sockets.adapter.rooms.get(accountRoom(user.id))?.size) this.lapses.clear(user.id);
  }

  onModuleDestroy(): void {
    this.lapses.clearAll();
  }

  /** A fresh access token for a socket whose token is about to expire (the server's `reauth` notice asked for it). */
  @SubscribeMessage('reauth')
  reauth(@ConnectedSocket() socket: GatewaySocket, @MessageBody() request: unknown): Promise<ReauthAck> {
    return this.credentials.reauth(socket, request);
  }

  /**
   * Something that authorises the user changed (a session or token family revoked, a key revoked or rotated, a plan
   * change), on whichever process: this process's sockets of the user are re-checked against what authorised each.
   */
  private async onPrincipalChanged(userId: string): Promise<void> {
    this.credentials.principalChanged();
    const sockets = await this.server.local.in(accountRoom(userId)).fetchSockets();
    if (sockets.length) await this.credentials.dropRevoked(sockets);
  }

  @SubscribeMessage('subscribe')
  async subscribe(@ConnectedSocket() socket: GatewaySocket, @MessageBody() request: unknown): Promise<SubscribeAck> {
    const target = subscriptionTarget(request, socket.data.user?.id ?? null);
    if (!target.ok) return { ok: false, code: 'INVALID_SUBSCRIPTION', message: target.message };
    const decision = channelAccess(socket.data.access, target.channel, socket.data.user?.role);
    if (!decision.allowed) return { ok: false, code: decision.code, message: decision.message };

    const room = roomName(target.channel, target.key);
    if (!socket.rooms.has(room) && socket.rooms.size >= MAX_ROOMS_PER_SOCKET) {
      return { ok: false, code: 'INVALID_SUBSCRIPTION', message: `At most ${MAX_ROOMS_PER_SOCKET} subscriptions per connection` };
    }
    try {
      // Without a last seq the socket starts from now: the acknowledged position is exact and nothing published
      // while it joins is missed. (subscriptionTarget checked both fields.)
      const { lastSeq, epoch } = request as SubscribeRequest;
      const result = await this.relay.catchUpAndJoin(
        socket,
        target.channel,
        target.key,
        lastSeq === undefined ? null : { lastSeq, epoch: epoch ?? null },
        () => channelAccess(socket.data.access, target.channel, socket.data.user?.role).allowed,
      );
      if (result) {
        await this.limits.chargeCatchUp(socket, result);
        return { ok: true, room, ...result };
      }
      // The plan changed while the socket was being caught up.
      const refused = channelAccess(socket.data.access, target.channel, socket.data.user?.role);
      return refused.allowed
        ? { ok: false, code: 'UNAVAILABLE', message: LIVE_UPDATES_UNAVAILABLE }
        : { ok: false, code: refused.code, message: refused.message };
    } catch (error) {
      this.logger.error({ msg: 'Subscribe failed', room, error: (error as Error).message });
      return { ok: false, code: 'UNAVAILABLE', message: LIVE_UPDATES_UNAVAILABLE };
    }
  }

  @SubscribeMessage('unsubscribe')
  async unsubscribe(@ConnectedSocket() socket: GatewaySocket, @MessageBody() request: unknown): Promise<UnsubscribeAck> {
    const target = subscriptionTarget(request, socket.data.user?.id ?? null);
    if (!target.ok) return { ok: false, code: 'INVALID_SUBSCRIPTION', message: target.message };
    const room = roomName(target.channel, target.key);
    await socket.leave(room);
    return { ok: true, room };
  }

  /**
   * A user's plan changed (accounts publishes it once, every gateway process hears it): each process re-checks
   * its own sockets of that user, removes them from rooms they may no longer hear, and tells them. An API-key
   * socket whose owner lost Platinum is disconnected, as its key no longer works.
   */
  private async onPlanChanged(raw: string): Promise<void> {
    const message = JSON.parse(raw) as PlanChangedMessage;
    const sockets = await this.server.local.in(accountRoom(message.userId)).fetchSockets();
    const until = message.effective_until ? new Date(message.effective_until) : null;
    if (sockets.length) this.lapses.set(message.userId, until);
    for (const socket of sockets) this.applyAccess(socket, message.effective, until);
    // After the evictions, which must not wait on (or fail with) the announcement.
    await this.announcePlanChange(raw, message.userId, message.effective);
  }

  /**
   * The user's paid period ended here (no plan change is published for that): the plan in force is read again,
   * as a renewal may have been missed, and the user's sockets on this process are re-checked like after a change.
   * Every process with sockets of the user does the same at the same moment; the user channel hears it once.
   */
  private async onPlanLapse(userId: string): Promise<void> {
    const sockets = await this.server.local.in(accountRoom(userId)).fetchSockets();
    if (!sockets.length) return;
    const { access, until } = await this.plans.current(userId);
    this.lapses.set(userId, until);
    const changed = sockets.filter((socket) => !sameAccess(socket.data.access, access));
    for (const socket of changed) this.applyAccess(socket, access, until);
    if (changed.length) await this.announcePlanChange(JSON.stringify({ lapsed: userId, access, until }), userId, access);
  }

  /** Removes the socket from the rooms `access` may not hear, tells it, and closes an API-key socket without Platinum. */
  private applyAccess(socket: RemoteOrLocalSocket, access: PlanAccess, until: Date | null): void {
    socket.data.access = access;
    if (socket.data.user) socket.data.user = { ...socket.data.user, access, accessUntil: until };
    const removed: string[] = [];
    for (const room of socket.rooms) {
      const channel = channelOfRoom(room);
      if (channel && !channelAccess(access, channel, socket.data.user?.role).allowed) {
        socket.leave(room);
        removed.push(room);
      }
    }
    socket.emit('entitlements', { plan: access.plan, unlimited: access.unlimited, removed });
    if (socket.data.user?.via === 'api_key' && !hasPlatinum(access)) socket.disconnect(true);
  }

  /**
   * The change also goes on the user's own channel (sequenced, replayable), published once however many
   * gateway processes heard it: the first to claim `what` in Redis publishes it.
   */
  private async announcePlanChange(what: string, userId: string, access: PlanAccess): Promise<void> {
    await this.publisher.publishOnce(what, {
      channel: RealtimeChannel.User,
      key: userId,
      at: new Date().toISOString(),
      type: 'plan.changed',
      data: { plan: access.plan, unlimited: access.unlimited },
    });
  }
}

type RemoteOrLocalSocket = Awaited<ReturnType<GatewayServer['fetchSockets']>>[number];
