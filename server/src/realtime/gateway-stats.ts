import { Injectable } from '@nestjs/common';
import { REALTIME_CHANNELS, RealtimeChannel, roomName } from '@oddspulse/shared';
import { MetricsService } from '@oddspulse/core';
import type { GatewayServer } from './sockets/socket-types';

const CHANNEL_ROOM = new RegExp(`^(${REALTIME_CHANNELS.join('|')}):`);
/** Each signed-in user has a room of their own: counted together, so the figures name no one and stay short. */
const USER_ROOMS = `${RealtimeChannel.User}:*`;

/**
 * This process's socket figures, read when sampled: sockets connected, sockets per realtime room (not the
 * per-socket and per-account rooms socket.io keeps; the users' own rooms summed as `user:*`), and deliveries so far
 * (RoomBroadcaster counts them).
 */
@Injectable()
export class GatewayStats {
  private server: GatewayServer | null = null;

  constructor(private readonly metrics: MetricsService) {}

  attach(server: GatewayServer): void {
    this.server = server;
  }

  connections(): number {
    return this.server?.sockets.sockets.size ?? 0;
  }

  rooms(): Record<string, number> {
    const rooms: Record<string, number> = {};
    const userRoom = roomName(RealtimeChannel.User, '');
    for (const [room, sockets] of this.server?.sockets.adapter.rooms ?? []) {
      if (!CHANNEL_ROOM.test(room)) continue;
      const key = room.startsWith(userRoom) ? USER_ROOMS : room;
      rooms[key] = (rooms[key] ?? 0) + sockets.size;
    }
    return rooms;
  }

  /** Realtime messages written to sockets since this process started. */
  async deliveries(): Promise<number> {
    const { values } = await this.metrics.socketDeliveries.get();
    return values.reduce((sum, { value }) => sum + value, 0);
  }
}
