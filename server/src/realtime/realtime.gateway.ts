import { Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { ConnectedSocket, MessageBody, OnGatewayConnection, OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import {
  channelAccess,
  hasPlatinum,
  REALTIME_CHANNELS,
  RealtimeChannel,
  roomName,
  subscriptionTarget,
  type PlanAccess,
  type SubscribeAck,
  type UnsubscribeAck,
} from '@oddspulse/shared';
import type { PlanChangedMessage } from '../accounts/plan.service';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';
import { RealtimePublisher } from './realtime-publisher.service';
import { RealtimeRelay } from './realtime-relay.service';
import { RealtimeSnapshots } from './realtime-snapshots.service';
import { SocketAuthService } from './socket-auth.service';
import { accountRoom, type GatewayServer, type GatewaySocket } from './socket-types';

const UNAVAILABLE = 'Live updates are unavailable right now. Please try again.';
/** Rooms one socket may hold (every sport of every channel fits well within it); keeps a client from hoarding memory. */
export const MAX_ROOMS_PER_SOCKET = 100;

function channelOfRoom(room: string): RealtimeChannel | null {
  const channel = room.slice(0, room.indexOf(':'));
  return (REALTIME_CHANNELS as readonly string[]).includes(channel) ? (channel as RealtimeChannel) : null;
}

/**
 * The socket.io gateway: authenticates the handshake, checks the plan for each room on subscribe (and again
 * when the plan changes), and relays what the workers publish. Transport options are set by RedisIoAdapter.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger(RealtimeGateway.name);
  @WebSocketServer() private server!: GatewayServer;

  constructor(
    private readonly auth: SocketAuthService,
    private readonly relay: RealtimeRelay,
    private readonly snapshots: RealtimeSnapshots,
    private readonly redis: RedisService,
    private readonly publisher: RealtimePublisher,
  ) {}

  async afterInit(server: GatewayServer): Promise<void> {
    server.use((socket, next) => {
      this.auth
        .authenticate({ headers: socket.handshake.headers, auth: (socket.handshake.auth ?? {}) as Record<string, unknown> })
        .then((result) => {
          if (!result.ok) return next(Object.assign(new Error(result.message), { data: { code: result.code } }));
          socket.data.user = result.user;
          socket.data.access = result.user?.access ?? null;
          next();
        })
        .catch((error: Error) => {
          this.logger.error({ msg: 'Socket handshake failed', error: error.message });
          next(Object.assign(new Error('Server error. Our team has been notified.'), { data: { code: 'SERVER_ERROR' } }));
        });
    });
    await this.relay.attach(server, {
      [this.redis.key(...RedisKeys.planChanged)]: (message) => {
        this.onPlanChanged(message).catch((error: Error) => this.logger.error({ msg: 'Plan change re-check failed', error: error.message }));
      },
    });
  }

  handleConnection(socket: GatewaySocket): void {
    if (socket.data.user) void socket.join(accountRoom(socket.data.user.id));
  }

  @SubscribeMessage('subscribe')
  async subscribe(@ConnectedSocket() socket: GatewaySocket, @MessageBody() request: unknown): Promise<SubscribeAck> {
    const target = subscriptionTarget(request, socket.data.user?.id ?? null);
    if (!target.ok) return { ok: false, code: 'INVALID_SUBSCRIPTION', message: target.message };
    const decision = channelAccess(socket.data.access, target.channel);
    if (!decision.allowed) return { ok: false, code: decision.code, message: decision.message };

    const room = roomName(target.channel, target.key);
    if (!socket.rooms.has(room) && socket.rooms.size >= MAX_ROOMS_PER_SOCKET) {
      return { ok: false, code: 'INVALID_SUBSCRIPTION', message: `At most ${MAX_ROOMS_PER_SOCKET} subscriptions per connection` };
    }
    try {
      // Without a last seq the socket starts from now: caught up from the current seq like any other, so the
      // acknowledged seq is exact and nothing published while it joins is missed.
      const lastSeq = (request as { lastSeq?: number }).lastSeq ?? (await this.snapshots.currentSeq(target.channel, target.key));
      const result = await this.relay.catchUpAndJoin(socket, target.channel, target.key, lastSeq, () => channelAccess(socket.data.access, target.channel).allowed);
      if (result) return { ok: true, room, ...result };
      // The plan changed while the socket was being caught up.
      const refused = channelAccess(socket.data.access, target.channel);
      return refused.allowed ? { ok: false, code: 'UNAVAILABLE', message: UNAVAILABLE } : { ok: false, code: refused.code, message: refused.message };
    } catch (error) {
      this.logger.error({ msg: 'Subscribe failed', room, error: (error as Error).message });
      return { ok: false, code: 'UNAVAILABLE', message: UNAVAILABLE };
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
    for (const socket of sockets) {
      const access: PlanAccess = message.effective;
      socket.data.access = access;
      if (socket.data.user) socket.data.user = { ...socket.data.user, access };
      const removed: string[] = [];
      for (const room of socket.rooms) {
        const channel = channelOfRoom(room);
        if (channel && !channelAccess(access, channel).allowed) {
          socket.leave(room);
          removed.push(room);
        }
      }
      socket.emit('entitlements', { plan: access.plan, unlimited: access.unlimited, removed });
      if (socket.data.user?.via === 'api_key' && !hasPlatinum(access)) socket.disconnect(true);
    }
    // After the evictions, which must not wait on (or fail with) the announcement.
    await this.announcePlanChange(raw, message);
  }

  /**
   * The change also goes on the user's own channel (sequenced, replayable), published once however many
   * gateway processes heard it: the first to claim the message in Redis publishes it.
   */
  private async announcePlanChange(raw: string, message: PlanChangedMessage): Promise<void> {
    const claim = this.redis.key('gateway', 'plan-notice', createHash('sha256').update(raw).digest('hex'));
    if ((await this.redis.client.set(claim, '1', 'EX', 60, 'NX')) !== 'OK') return;
    await this.publisher.publish({
      channel: RealtimeChannel.User,
      sport: message.userId,
      at: new Date().toISOString(),
      type: 'plan.changed',
      data: { plan: message.effective.plan, unlimited: message.effective.unlimited },
    });
  }
}
