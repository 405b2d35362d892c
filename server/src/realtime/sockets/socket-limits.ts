import { Inject, Injectable, Logger } from '@nestjs/common';
import { AccountMessages } from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig, type RateLimitDecision, type RateLimiter, RateLimiters } from '@oddspulse/core';
import { addressGroup, compileTrustProxy, requestAddress } from '../../accounts/access/client-address';
import type { CatchUpResult } from '../realtime-relay.service';
import type { GatewayServer, GatewaySocket } from './socket-types';

/** Replayed messages per point of a catch-up's cost: a reconnect after a long gap pays for what it missed. */
export const REPLAYED_MESSAGES_PER_POINT = 25;
/** Points a snapshot costs on top of its event (it carries a whole board). */
export const SNAPSHOT_COST = 3;
/** A connection that keeps sending past this many times its budget is disconnected, not just refused. */
const DISCONNECT_FACTOR = 2;

/** What a refused event's acknowledgement says (a subscribe or unsubscribe ack with ok false). */
export interface RateLimitedAck {
  ok: false;
  code: 'RATE_LIMITED';
  message: string;
  retryAfter: number;
}

type Middleware = Parameters<GatewayServer['use']>[0];

/**
 * Socket abuse limits: every event a client sends spends points per connection (in this process)
 * and per client address (in Redis across gateway processes, in memory while Redis is away), and so does each
 * handshake per address. A catch-up costs in proportion to what it sent (replayed messages, a snapshot), so a
 * client asking for everything again and again runs out at once. A refused event is answered with RATE_LIMITED
 * and not run; a connection that keeps flooding is disconnected. Rooms per socket are capped by the gateway.
 */
@Injectable()
export class SocketLimits {
  private readonly logger = new Logger(SocketLimits.name);
  private readonly perConnection: RateLimiter;
  private readonly perAddress: RateLimiter;
  private readonly trust: (address: string, hop: number) => boolean;
  /** Sockets open on this process, per client address and per account. */
  private readonly openByAddress = new Map<string, number>();
  private readonly openByAccount = new Map<string, number>();

  constructor(
    limiters: RateLimiters,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const windowSeconds = config.SOCKET_RATE_LIMIT_WINDOW_SECONDS;
    this.perConnection = limiters.local('socket-connection', {
      points: config.SOCKET_RATE_LIMIT_CONNECTION_MAX,
      windowSeconds,
    });
    this.perAddress = limiters.shared('socket-address', {
      points: config.SOCKET_RATE_LIMIT_ADDRESS_MAX,
      windowSeconds,
    });
    this.trust = compileTrustProxy(config.TRUST_PROXY);
  }

  /** The client address of a socket, under TRUST_PROXY like HTTP requests, as it is limited: an IPv6 address by its /64. */
  address(socket: Pick<GatewaySocket, 'request'>): string {
    return addressGroup(requestAddress(socket.request, this.trust));
  }

  /** Handshake middleware (before authentication, which costs a database read): one point per address. */
  handshake(): Middleware {
    return (socket, next) => {
      this.perAddress
        .consume(this.address(socket))
        .then((decision) =>
          next(
            decision.allowed
              ? undefined
              : Object.assign(new Error(AccountMessages.tooManyRequests), { data: refusal(decision) }),
          ),
        )
        .catch((error: Error) => next(error));
    };
  }

  /**
   * Handshake middleware, after authentication: a socket past SOCKET_MAX_PER_ADDRESS open sockets of its address, or
   * SOCKET_MAX_PER_ACCOUNT of its account, is refused (TOO_MANY_CONNECTIONS); else it is counted until it closes. The
   * handshake limit bounds how fast sockets are opened, this how many are held. Counted per process: each process
   * bounds what it holds, and needs no other to do so.
   */
  concurrency(): Middleware {
    return (socket, next) => {
      const address = this.address(socket);
      const account = socket.data.user?.id ?? null;
      const full =
        (this.openByAddress.get(address) ?? 0) >= this.config.SOCKET_MAX_PER_ADDRESS ||
        (account !== null && (this.openByAccount.get(account) ?? 0) >= this.config.SOCKET_MAX_PER_ACCOUNT);
      if (full)
        return next(
          Object.assign(new Error(AccountMessages.tooManyRequests), { data: { code: 'TOO_MANY_CONNECTIONS' } }),
        );
      count(this.openByAddress, address, 1);
      if (account !== null) count(this.openByAccount, account, 1);
      socket.once('disconnect', () => {
        count(this.openByAddress, address, -1);
        if (account !== null) count(this.openByAccount, account, -1);
      });
      next();
    };
  }

  /** Puts every event of the socket through the limits before any handler runs. */
  watch(socket: GatewaySocket): void {
    const address = this.address(socket);
    socket.use((packet, next) => {
      this.spend(socket.id, address, 1)
        .then((decision) => {
          if (decision.allowed) return next();
          const ack = packet[packet.length - 1];
          if (typeof ack === 'function') (ack as (result: RateLimitedAck) => void)(refusal(decision));
          if (decision.consumed > this.perConnection.options.points * DISCONNECT_FACTOR) {
            this.logger.warn({
              msg: 'Socket disconnected for flooding',
              address,
              userId: socket.data.user?.id ?? null,
            });
            socket.disconnect(true);
          }
        })
        .catch((error: Error) => next(error));
    });
  }

  /** Charges a subscribe's catch-up once its size is known. */
  async chargeCatchUp(socket: GatewaySocket, result: Pick<CatchUpResult, 'replayed' | 'snapshot'>): Promise<void> {
    const cost = Math.ceil(result.replayed / REPLAYED_MESSAGES_PER_POINT) + (result.snapshot ? SNAPSHOT_COST : 0);
    if (cost > 0)
      await Promise.all([
        this.perConnection.penalty(socket.id, cost),
        this.perAddress.penalty(this.address(socket), cost),
      ]);
  }

  /** Spends on both limits; the refusal with the longer wait wins. */
  private async spend(connection: string, address: string, cost: number): Promise<RateLimitDecision> {
    const [byConnection, byAddress] = await Promise.all([
      this.perConnection.consume(connection, cost),
      this.perAddress.consume(address, cost),
    ]);
    if (!byConnection.allowed) return byConnection;
    return byAddress.allowed ? byConnection : { ...byAddress, consumed: byConnection.consumed };
  }
}

function count(open: Map<string, number>, key: string, change: 1 | -1): void {
  const now = (open.get(key) ?? 0) + change;
  if (now > 0) open.set(key, now);
  else open.delete(key);
}

function refusal(decision: RateLimitDecision): RateLimitedAck {
  return { ok: false, code: 'RATE_LIMITED', message: AccountMessages.tooManyRequests, retryAfter: decision.retryAfter };
}
