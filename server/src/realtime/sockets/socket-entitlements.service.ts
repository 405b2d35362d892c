import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { channelAccess, hasPlatinum, REALTIME_CHANNELS, RealtimeChannel, type PlanAccess } from '@oddspulse/shared';
import { RealtimePublisher } from '@oddspulse/core';
import { PlanService, type PlanChangedMessage } from '../../accounts/plans/plan.service';
import type { AuthUser } from '../../accounts/auth/auth-user';
import { PlanLapseTimers } from '../plan-lapse-timers';
import type { UserSocket } from './socket-types';

/** Users whose plan is read at once when the bus is heard again after a loss (each one read of PostgreSQL). */
const RECHECK_BATCH = 100;

/** What one socket of the user gets after its plan changed or lapsed; decided here, carried out by the gateway. */
export interface EntitlementChange {
  access: PlanAccess;
  until: Date | null;
  /** The socket's rooms `access` may not hear (spec 001 §6): it leaves them and is told which. */
  removed: string[];
  /** An API-key socket whose owner lost Platinum: the key no longer works, so neither does its socket. */
  disconnect: boolean;
}

/** The gateway's side of the seam: this process's sockets of a user, and carrying a change out on one of them. */
export interface UserSockets {
  of(userId: string): Promise<UserSocket[]>;
  apply(socket: UserSocket, change: EntitlementChange): void;
}

const sameAccess = (a: PlanAccess | null, b: PlanAccess) => a?.plan === b.plan && a.unlimited === b.unlimited;

function channelOfRoom(room: string): RealtimeChannel | null {
  const channel = room.slice(0, room.indexOf(':'));
  return (REALTIME_CHANNELS as readonly string[]).includes(channel) ? (channel as RealtimeChannel) : null;
}

/**
 * Decides what a plan change, or the end of a paid period, means for a user's sockets on this process: which
 * rooms each leaves, which socket closes, when to look again, and the one `plan.changed` on the user's channel.
 * The gateway only relays: it hands over what Redis and the sockets say and carries out what comes back.
 */
@Injectable()
export class SocketEntitlements implements OnModuleDestroy {
  private readonly logger = new Logger(SocketEntitlements.name);
  private sockets: UserSockets | null = null;
  /** A paid period ends without any plan change being published (a gifted month): each process times its own users. */
  private readonly lapses = new PlanLapseTimers((userId) => {
    this.recheckPlan(userId).catch((error: unknown) =>
      this.logger.error({ msg: 'Plan lapse re-check failed', userId, err: error }),
    );
  });

  constructor(
    private readonly plans: PlanService,
    private readonly publisher: RealtimePublisher,
  ) {}

  /** Called once by the gateway when its server is up. */
  attach(sockets: UserSockets): void {
    this.sockets = sockets;
  }

  /** A signed-in socket connected: the end of the plan it holds (from the handshake) is timed. */
  connected(user: AuthUser): void {
    this.lapses.set(user.id, user.accessUntil);
  }

  /** The user's last socket on this process left: nothing here needs the user's lapse any more. */
  lastSocketGone(userId: string): void {
    this.lapses.clear(userId);
  }

  /** A message of `accounts:plan-changed` (published once by accounts, heard by every gateway process). */
  heardPlanChange(raw: string): void {
    this.onPlanChanged(raw).catch((error: unknown) =>
      this.logger.error({ msg: 'Plan change re-check failed', err: error }),
    );
  }

  onModuleDestroy(): void {
    this.lapses.clearAll();
  }

  /**
   * Each process re-checks its own sockets of that user, removes them from rooms they may no longer hear, and
   * tells them. An API-key socket whose owner lost Platinum is disconnected, as its key no longer works.
   */
  private async onPlanChanged(raw: string): Promise<void> {
    const message = JSON.parse(raw) as PlanChangedMessage;
    const sockets = await this.userSockets().of(message.userId);
    const until = message.effective_until ? new Date(message.effective_until) : null;
    if (sockets.length) this.lapses.set(message.userId, until);
    for (const socket of sockets) this.userSockets().apply(socket, this.changeFor(socket, message.effective, until));
    // After the evictions, which must not wait on (or fail with) the announcement.
    await this.announcePlanChange(raw, message.userId, message.effective);
  }

  /**
   * The plan changes are heard again after a loss of the bus: one published meanwhile went unheard, so each of these
   * users' plan in force is read again and their sockets re-checked, as at a lapse.
   */
  async heardAgain(userIds: readonly string[]): Promise<void> {
    for (let i = 0; i < userIds.length; i += RECHECK_BATCH)
      await Promise.all(userIds.slice(i, i + RECHECK_BATCH).map((userId) => this.recheckPlan(userId)));
  }

  /**
   * The plan in force is read again (a paid period ended here, for which no plan change is published, and a renewal
   * may have been missed; or a change may have gone unheard) and the user's sockets on this process are re-checked
   * like after a change. Every process with sockets of the user does the same at the same moment; the user channel
   * hears it once.
   */
  private async recheckPlan(userId: string): Promise<void> {
    const sockets = await this.userSockets().of(userId);
    if (!sockets.length) return;
    const { access, until } = await this.plans.current(userId);
    this.lapses.set(userId, until);
    const changed = sockets.filter((socket) => !sameAccess(socket.data.access, access));
    for (const socket of changed) this.userSockets().apply(socket, this.changeFor(socket, access, until));
    if (changed.length)
      await this.announcePlanChange(JSON.stringify({ lapsed: userId, access, until }), userId, access);
  }

  private changeFor(socket: UserSocket, access: PlanAccess, until: Date | null): EntitlementChange {
    const role = socket.data.user?.role;
    const removed = [...socket.rooms].filter((room) => {
      const channel = channelOfRoom(room);
      return channel !== null && !channelAccess(access, channel, role).allowed;
    });
    return { access, until, removed, disconnect: socket.data.user?.via === 'api_key' && !hasPlatinum(access) };
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

  private userSockets(): UserSockets {
    if (!this.sockets) throw new Error('SocketEntitlements used before the gateway attached its sockets');
    return this.sockets;
  }
}
