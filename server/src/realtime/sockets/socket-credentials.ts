import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { AccountMessages, type ReauthAck } from '@oddspulse/shared';
import { textInputRefusal } from '../../validation/text-input.pipe';
import { SharedTurns } from '../shared-turns';
import { SocketAuthService } from './socket-auth.service';
import type { GatewaySocket, SocketData } from './socket-types';

/** How long before its token expires a socket is asked to `reauth` (at most half of the token's life left). */
export const REAUTH_LEAD_MS = 30_000;

/** A socket as the re-check sees it: a local one, or one from `fetchSockets` (what it carries, and the way to close it). */
export interface BoundSocket {
  readonly id: string;
  readonly data: Partial<SocketData>;
  disconnect(close?: boolean): unknown;
}

interface Timers {
  ask: NodeJS.Timeout | null;
  expire: NodeJS.Timeout;
}

/**
 * Holds every signed-in socket to what authorised it (SocketCredential): a socket lives no longer than its
 * credential. When a user's principal changes (sign-out, a password reset, a replayed refresh token revoking its
 * family, an API key revoked or rotated, a plan change: `accounts:principal-changed`, heard by every process), each
 * process re-reads the credentials of that user's sockets it holds and closes those that no longer stand. A token's
 * socket is asked to `reauth` before the token expires and closed at the expiry unless it has presented a fresh one
 * of the same user by then. The gateway relays the events; what stands is decided here.
 */
@Injectable()
export class SocketCredentials implements OnModuleDestroy {
  private readonly logger = new Logger(SocketCredentials.name);
  private readonly credentialReads = new WeakMap<GatewaySocket, SharedTurns<boolean>>();
  private readonly timers = new Map<string, Timers>();
  /** Principal changes heard so far, and how many had been heard when each socket's handshake began. */
  private changesHeard = 0;
  private readonly heardAtHandshake = new WeakMap<object, number>();

  constructor(private readonly auth: SocketAuthService) {}

  /** A handshake begins: a principal change heard between now and its connection is checked against it at `bind`. */
  handshakeStarted(socket: GatewaySocket): void {
    this.heardAtHandshake.set(socket, this.changesHeard);
  }

  /**
   * A change to some user's principal was heard (the gateway then re-checks that user's connected sockets). A socket
   * still in its handshake is not among them yet, and may have been authorised from what the change revoked.
   */
  principalChanged(): void {
    this.changesHeard++;
  }

  /**
   * A socket is connected: times a token socket's `reauth` request and its expiry (nothing to time for an API key or an
   * anonymous socket), and checks its credential once more if a principal change was heard during its handshake.
   * Whether one was: a plan change is a principal change too, and the plan the handshake read may be the old one.
   */
  bind(socket: GatewaySocket): boolean {
    const heard = this.heardAtHandshake.get(socket);
    this.heardAtHandshake.delete(socket);
    const changed = heard !== undefined && heard !== this.changesHeard;
    if (changed) {
      this.dropRevoked([socket]).catch((error: Error) =>
        this.logger.error({ msg: 'Credential re-check failed', userId: socket.data.user?.id, err: error }),
      );
    }
    this.time(socket);
    return changed;
  }

  /** Times a token socket's `reauth` request and its expiry (nothing to time for an API key or an anonymous socket). */
  private time(socket: GatewaySocket): void {
    this.release(socket);
    const credential = socket.data.credential;
    if (credential?.kind !== 'session' || credential.expiresAt === null) return;
    const left = credential.expiresAt - Date.now();
    const askIn = left - Math.min(REAUTH_LEAD_MS, left / 2);
    const expiresAt = credential.expiresAt;
    const ask =
      askIn > 0 ? setTimeout(() => socket.emit('reauth', { expires_at: Math.floor(expiresAt / 1000) }), askIn) : null;
    const expire = setTimeout(
      () => {
        this.timers.delete(socket.id);
        this.logger.log({ msg: 'Socket closed at the expiry of its access token', userId: socket.data.user?.id });
        socket.disconnect(true);
      },
      Math.max(0, left),
    );
    // timers alone must not keep a shutting-down process alive
    ask?.unref();
    expire.unref();
    this.timers.set(socket.id, { ask, expire });
  }

  release(socket: Pick<GatewaySocket, 'id'>): void {
    const held = this.timers.get(socket.id);
    if (!held) return;
    if (held.ask) clearTimeout(held.ask);
    clearTimeout(held.expire);
    this.timers.delete(socket.id);
  }

  /**
   * A fresh access token for a signed-in token socket: it must stand and be of the socket's own user (its rooms are
   * that user's). The socket is then bound to the token's session and expiry.
   */
  async reauth(socket: GatewaySocket, request: unknown): Promise<ReauthAck> {
    const refused: ReauthAck = { ok: false, code: 'AUTH_REQUIRED', message: AccountMessages.authenticationRequired };
    const user = socket.data.user;
    if (!user || socket.data.credential?.kind !== 'session') return refused;
    // The text rule of every input (TextInputPipe), in its words; the refusal keeps reauth's code (the socket keeps
    // its old token and closes at its expiry, as for any token refused).
    const illegal = textInputRefusal(request, 'request');
    if (illegal) return { ...refused, message: illegal };
    const token =
      typeof request === 'object' && request !== null ? (request as Record<string, unknown>).token : undefined;
    if (typeof token !== 'string' || !token || token.length > 4096) return refused;
    const found = await this.auth.token(token);
    if (
      !found ||
      found.user.id !== user.id ||
      found.credential.kind !== 'session' ||
      found.credential.expiresAt === null
    )
      return refused;
    socket.data.credential = found.credential;
    socket.data.user = { ...user, sessionId: found.credential.sessionId };
    this.time(socket);
    return { ok: true, expires_at: Math.floor(found.credential.expiresAt / 1000) };
  }

  /**
   * Whether a signed-in socket's credential stands now, read from PostgreSQL (never from a cache), before it is given a
   * room: a socket authorised from what was revoked while its handshake ran (a sign-out on another process, whose
   * announcement crossed the handshake) is closed at its first subscription and hears nothing, whatever reached this
   * process and when. A socket without a credential (anonymous) has nothing to check.
   */
  /**
   * The socket's credential reads from PostgreSQL. A reconnecting page subscribes to its ~24 rooms at once: the
   * subscribes arriving while a read is under way share the next one (which starts after them, so a sign-out before
   * any of them is seen), where a read each made a storm of 50 sockets 1,200 reads and timed out the pool's waits.
   */
  private readsOf(socket: GatewaySocket): SharedTurns<boolean> {
    let reads = this.credentialReads.get(socket);
    if (!reads) {
      reads = new SharedTurns(() => {
        const { user, credential } = socket.data;
        return user && credential ? this.auth.stands(user.id, credential) : Promise.resolve(true);
      });
      this.credentialReads.set(socket, reads);
    }
    return reads;
  }

  async standsNow(socket: GatewaySocket): Promise<boolean> {
    const { user, credential } = socket.data;
    if (!user || !credential) return true;
    const expired =
      credential.kind === 'session' && credential.expiresAt !== null && credential.expiresAt <= Date.now();
    if (!expired && (await this.readsOf(socket).run())) return true;
    this.release(socket);
    // closed once the refusal has been acknowledged, so the client hears why
    setImmediate(() => socket.disconnect(true));
    this.logger.log({ msg: 'Socket closed at a subscription: its credential no longer stands', userId: user.id });
    return false;
  }

  /**
   * Closes the sockets whose credential no longer stands (read from PostgreSQL, each socket's own credential) and
   * answers the ones left open.
   */
  async dropRevoked<S extends BoundSocket>(sockets: readonly S[]): Promise<S[]> {
    const revoked = await Promise.all(
      sockets.map(async (socket) => {
        const { user, credential } = socket.data;
        if (!user || !credential || (await this.auth.stands(user.id, credential))) return false;
        this.release(socket);
        socket.disconnect(true);
        return true;
      }),
    );
    const closed = revoked.filter(Boolean).length;
    if (closed)
      this.logger.log({
        msg: 'Sockets closed as their credentials were revoked',
        userId: sockets[0]?.data.user?.id,
        sockets: closed,
      });
    return sockets.filter((_, i) => !revoked[i]);
  }

  onModuleDestroy(): void {
    for (const { ask, expire } of this.timers.values()) {
      if (ask) clearTimeout(ask);
      clearTimeout(expire);
    }
    this.timers.clear();
  }
}
