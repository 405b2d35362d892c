import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { LiveBoardsModule } from '../odds/live-boards.module';
import { ReactionsModule } from '../reactions/reactions.module';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeRelay } from './realtime-relay.service';
import { RoomBroadcaster } from './room-broadcaster';
import { RealtimeSnapshots } from './realtime-snapshots.service';
import { SocketAuthService } from './socket-auth.service';

/** The socket.io gateway (server only; workers use RealtimeModule's publisher alone). */
@Module({
  imports: [AccountsModule, LiveBoardsModule, ReactionsModule],
  providers: [RealtimeGateway, RealtimeRelay, RealtimeSnapshots, RoomBroadcaster, SocketAuthService],
})
export class RealtimeGatewayModule {}
