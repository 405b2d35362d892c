import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { GatewayStats } from './gateway-stats';
import { ReactionsModule } from '../reactions/reactions.module';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeRelay } from './realtime-relay.service';
import { RoomBroadcaster } from './room-broadcaster';
import { RealtimeSnapshots } from './realtime-snapshots.service';
import { SocketAuthService } from './sockets/socket-auth.service';
import { SocketCredentials } from './sockets/socket-credentials';
import { SocketEntitlements } from './sockets/socket-entitlements.service';
import { SocketLimits } from './sockets/socket-limits';

/** The socket.io gateway (server only; workers use RealtimeModule's publisher alone). Exports its socket figures (operations). */
@Module({
  imports: [AccountsModule, ReactionsModule],
  providers: [
    RealtimeGateway,
    RealtimeRelay,
    RealtimeSnapshots,
    RoomBroadcaster,
    SocketAuthService,
    SocketCredentials,
    SocketEntitlements,
    SocketLimits,
    GatewayStats,
  ],
  exports: [GatewayStats],
})
export class RealtimeGatewayModule {}
