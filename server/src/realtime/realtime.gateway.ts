import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  OnGatewayConnection,
  OnGatewayDisconnect,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import {
  AccountMessages,
  channelAccess,
  LIVE_UPDATES_UNAVAILABLE,
  roomName,
  subscriptionTarget,
  type RoomTarget,
  type ReauthAck,
  type SubscribeAck,
  type SubscribeRequest,
  type UnsubscribeAck,
} from '@oddspulse/shared';
import { isDependencyDown, RedisKeys, RepeatedErrors } from '@oddspulse/core';
import { RealtimeRelay } from './realtime-relay.service';
import { GatewayStats } from './gateway-stats';
import { SocketAuthService } from './sockets/socket-auth.service';
import { SocketCredentials } from './sockets/socket-credentials';
import { SocketEntitlements, type EntitlementChange } from './sockets/socket-entitlements.service';
import { SocketLimits } from './sockets/socket-limits';
import { PendingSubscribes } from './sockets/pending-subscribes';
import { textInputRefusal } from '../validation/text-input.pipe';
import {
  accountRoom,
  SocketPayload,
  subscriptionsOf,
  type GatewayServer,
  type GatewaySocket,
  type UserSocket,
} from './sockets/socket-types';

/** Subscriptions one socket may hold (every sport of every channel fits well within it); keeps a client from hoarding memory. */
export const MAX_ROOMS_PER_SOCKET = 100;
/** Sockets whose credentials are read at once when the bus is heard again after a loss. */
const RECHECK_BATCH = 100;

/**
 * The socket.io gateway: authenticates the handshake, checks the credential (in PostgreSQL) and the plan for each room
 * on subscribe, and relays what
 * the workers publish. What a plan change or a lapsed paid period means for a user's sockets is SocketEntitlements'
 * decision; the gateway hands it the plan-changed messages and the user's sockets and carries out what it decides.
 * Each signed-in socket lives no longer than what authorised it: SocketCredentials decides (revocations heard on the
 * bus, a token's expiry, `reauth`). Transport options are set by RedisIoAdapter.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger(RealtimeGateway.name);
  private readonly handshakeOutages = new RepeatedErrors();
  private readonly subscribeOutages = new RepeatedErrors();
  private readonly pendingSubscribes = new PendingSubscribes();
  /** Whether the relay hears what is published (RealtimeRelay.attach's `live`): sockets are told when it does not. */
  private live = false;
  @WebSocketServer() private server!: GatewayServer;

  constructor(
    private readonly auth: SocketAuthService,
    private readonly relay: RealtimeRelay,
    private readonly entitlements: SocketEntitlements,
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
        .authenticate({ headers: socket.handshake.headers, auth: socket.handshake.auth ?? {} })
        .then((result) => {
          if (!result.ok) return next(Object.assign(new Error(result.message), { data: { code: result.code } }));
          socket.data.user = result.user;
          socket.data.credential = result.credential;
          socket.data.access = result.user?.access ?? null;
          next();
        })
        .catch((error: Error) => {
          // PostgreSQL or Redis away: the browser retries a refused connection with backoff, and the outage is theirs,
          // a warning once a minute per reason however many sockets knock meanwhile.
          if (isDependencyDown(error)) {
            const admitted = this.handshakeOutages.admit(error.message);
            if (admitted)
              this.logger.warn({
                msg: 'Socket handshake refused: a dependency is down',
                reason: error.message,
                suppressedRepeats: admitted.suppressed,
              });
            return next(Object.assign(new Error(LIVE_UPDATES_UNAVAILABLE), { data: { code: 'UNAVAILABLE' } }));
          }
          this.logger.error({ msg: 'Socket handshake failed', err: error });
          next(
            Object.assign(new Error('Server error. Our team has been notified.'), { data: { code: 'SERVER_ERROR' } }),
          );
        });
    });
    server.use(this.limits.concurrency());
    this.entitlements.attach({
      of: (userId) => server.local.in(accountRoom(userId)).fetchSockets(),
      apply: (socket, change) => this.applyEntitlements(socket, change),
    });
    let lost = false;
    await this.relay.attach(
      server,
      [
        [RedisKeys.planChanged, (message) => this.entitlements.heardPlanChange(message)],
        [
          RedisKeys.principalChanged,
          (userId) => {
            this.onPrincipalChanged(userId).catch((error: Error) =>
              this.logger.error({ msg: 'Credential re-check failed', userId, err: error }),
            );
          },
        ],
      ],
      (live) => {
        // What the workers would say of it (a board's board.status) travels through the Redis that is lost, so each
        // socket of this process is told here that live updates stopped, and again when they are heard once more (the
        // client then resubscribes its rooms from their last seqs). Locally: a broadcast through the adapter goes through Redis too.
        this.live = live;
        server.local.emit('live', { live });
        if (!live) {
          lost = true;
          return;
        }
        if (!lost) return;
        lost = false;
        this.heardAgain().catch((error: Error) =>
          this.logger.error({ msg: 'Credential re-check after a loss of the bus failed', err: error }),
        );
      },
    );
  }

  handleConnection(socket: GatewaySocket): void {
    this.limits.watch(socket);
    if (!this.live) socket.emit('live', { live: false });
    const user = socket.data.user;
    if (!user) return;
    void socket.join(accountRoom(user.id));
    this.entitlements.connected(user);
    // A plan change heard during the handshake found no socket of the user here to re-check: the plan read then is
    // read again now that the socket is in its account's room.
    if (this.credentials.bind(socket))
      this.entitlements
        .heardAgain([user.id])
        .catch((error: Error) =>
          this.logger.error({ msg: 'Plan re-check after a handshake failed', userId: user.id, err: error }),
        );
  }

  handleDisconnect(socket: GatewaySocket): void {
    this.credentials.release(socket);
    const user = socket.data.user;
    // the socket has left its rooms by now: is it the user's last on this process?
    if (user && !this.server.sockets.adapter.rooms.get(accountRoom(user.id))?.size)
      this.entitlements.lastSocketGone(user.id);
  }

  /** A fresh access token for a socket whose token is about to expire (the server's `reauth` notice asked for it). */
  @SubscribeMessage('reauth')
  reauth(@ConnectedSocket() socket: GatewaySocket, @SocketPayload() request: unknown): Promise<ReauthAck> {
    return this.credentials.reauth(socket, request);
  }

  /**
   * The principal and plan changes are heard again after a loss (Redis, or on a cluster the control slot's primary,
   * away or moved): one published meanwhile went unheard, so every signed-in socket of this process is checked as if
   * its user's credential and plan had changed, a batch at a time (each socket one read of PostgreSQL), the
   * credentials first: a socket that closes needs no plan.
   */
  private async heardAgain(): Promise<void> {
    this.credentials.principalChanged();
    const sockets = (await this.server.local.fetchSockets()).filter((socket) => socket.data.user);
    const users = new Set<string>();
    for (let i = 0; i < sockets.length; i += RECHECK_BATCH)
      for (const open of await this.credentials.dropRevoked(sockets.slice(i, i + RECHECK_BATCH)))
        if (open.data.user) users.add(open.data.user.id);
    await this.entitlements.heardAgain([...users]);
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
  async subscribe(@ConnectedSocket() socket: GatewaySocket, @SocketPayload() request: unknown): Promise<SubscribeAck> {
    const target = this.targetOf(socket, request);
    if (!target.ok) return { ok: false, code: 'INVALID_SUBSCRIPTION', message: target.message };
    const decision = channelAccess(socket.data.access, target.channel, socket.data.user?.role);
    if (!decision.allowed) return { ok: false, code: decision.code, message: decision.message };

    const room = roomName(target.channel, target.key);
    if (!socket.rooms.has(room) && subscriptionsOf(socket) >= MAX_ROOMS_PER_SOCKET) {
      return {
        ok: false,
        code: 'INVALID_SUBSCRIPTION',
        message: `At most ${MAX_ROOMS_PER_SOCKET} subscriptions per connection`,
      };
    }
    const pending = this.pendingSubscribes.begin(socket, room);
    try {
      if (!(await this.credentials.standsNow(socket)))
        return { ok: false, code: 'AUTH_REQUIRED', message: AccountMessages.authenticationRequired };
      // Without a last seq the socket starts from now: the acknowledged position is exact and nothing published
      // while it joins is missed. (subscriptionTarget checked both fields.)
      const { lastSeq, epoch } = request as SubscribeRequest;
      const result = await this.relay.catchUpAndJoin(
        socket,
        target.channel,
        target.key,
        lastSeq === undefined ? null : { lastSeq, epoch: epoch ?? null },
        () =>
          !pending.unsubscribed && channelAccess(socket.data.access, target.channel, socket.data.user?.role).allowed,
      );
      if (result) {
        await this.limits.chargeCatchUp(socket, result);
        return { ok: true, room, ...result };
      }
      if (pending.unsubscribed)
        return { ok: false, code: 'INVALID_SUBSCRIPTION', message: 'Unsubscribed before the subscription completed' };
      // The plan changed while the socket was being caught up.
      const refused = channelAccess(socket.data.access, target.channel, socket.data.user?.role);
      return refused.allowed
        ? { ok: false, code: 'UNAVAILABLE', message: LIVE_UPDATES_UNAVAILABLE }
        : { ok: false, code: refused.code, message: refused.message };
    } catch (error) {
      // Redis away or behind (a relay barrier not heard in time) is an outage the client retries: a warning a minute
      // per reason. Anything else is ours: an error each time.
      if (isDependencyDown(error)) {
        const admitted = this.subscribeOutages.admit((error as Error).message);
        if (admitted)
          this.logger.warn({
            msg: 'Subscribe refused for an outage',
            room,
            reason: (error as Error).message,
            suppressedRepeats: admitted.suppressed,
          });
      } else this.logger.error({ msg: 'Subscribe failed', room, error: (error as Error).message });
      return { ok: false, code: 'UNAVAILABLE', message: LIVE_UPDATES_UNAVAILABLE };
    } finally {
      pending.done();
    }
  }

  @SubscribeMessage('unsubscribe')
  async unsubscribe(
    @ConnectedSocket() socket: GatewaySocket,
    @SocketPayload() request: unknown,
  ): Promise<UnsubscribeAck> {
    const target = this.targetOf(socket, request);
    if (!target.ok) return { ok: false, code: 'INVALID_SUBSCRIPTION', message: target.message };
    const room = roomName(target.channel, target.key);
    this.pendingSubscribes.unsubscribe(socket, room);
    await socket.leave(room);
    return { ok: true, room };
  }

  /**
   * The room a subscribe or unsubscribe names, or why it is refused: first the text rule every REST input passes
   * (TextInputPipe, in its words: "eventId: must be well-formed Unicode text"), any field of the request, then its
   * shape. A lone surrogate in a game key could not even be encoded into a room name.
   */
  private targetOf(socket: GatewaySocket, request: unknown): RoomTarget {
    const refusal = textInputRefusal(request, 'request');
    return refusal ? { ok: false, message: refusal } : subscriptionTarget(request, socket.data.user?.id ?? null);
  }

  /** Carries out SocketEntitlements' decision on one socket: its plan, the rooms it leaves, the notice, the close. */
  private applyEntitlements(socket: UserSocket, { access, until, removed, disconnect }: EntitlementChange): void {
    socket.data.access = access;
    if (socket.data.user) socket.data.user = { ...socket.data.user, access, accessUntil: until };
    for (const room of removed) socket.leave(room);
    socket.emit('entitlements', { plan: access.plan, unlimited: access.unlimited, removed });
    if (disconnect) socket.disconnect(true);
  }
}
