import { Injectable } from '@nestjs/common';
import type {
  ArbitrageOpportunity,
  EvBet,
  MiddleOpportunity,
  RealtimeChannel,
  RealtimeSnapshot,
  RealtimeSnapshotMap,
} from '@oddspulse/shared';
import { LiveStateRepository, OpsStateRepository, SteamStateRepository, type ChannelPosition } from '@oddspulse/core';
import { ReactionsService } from '../reactions/reactions.service';

type SnapshotLoaders = { [C in RealtimeChannel]: (key: string) => Promise<RealtimeSnapshotMap[C]> };

/**
 * A channel's current state, for a socket whose gap is older than the replay buffer or whose epoch is gone: what
 * the pipeline keeps in Redis (board, scoreboard, opportunities, steam alerts, the last operations overview) or the game's reactions. Read after the position,
 * so the snapshot holds at least every message up to it.
 */
@Injectable()
export class RealtimeSnapshots {
  private readonly loaders: SnapshotLoaders = {
    odds: (key) => this.boards.board('odds', key),
    props: (key) => this.boards.board('props', key),
    scores: (key) => this.boards.scoreboard(key),
    ev: (key) => this.boards.opportunities<EvBet>('ev', key),
    arbitrage: (key) => this.boards.opportunities<ArbitrageOpportunity>('arbitrage', key),
    middles: (key) => this.boards.opportunities<MiddleOpportunity>('middles', key),
    steam: (key) => this.steam.alerts(key),
    reactions: (key) => this.reactions.snapshot(decodeURIComponent(key)),
    // A user's events are notifications with no state to rebuild: the client refetches over REST.
    user: () => Promise.resolve(null),
    ops: () => this.ops.overview(),
  };

  constructor(
    private readonly boards: LiveStateRepository,
    private readonly reactions: ReactionsService,
    private readonly ops: OpsStateRepository,
    private readonly steam: SteamStateRepository,
  ) {}

  async load<C extends RealtimeChannel>(
    channel: C,
    key: string,
    position: ChannelPosition,
    at: string,
  ): Promise<RealtimeSnapshot<C>> {
    const loader: SnapshotLoaders[C] = this.loaders[channel];
    const data = await loader(key);
    return { channel, key, seq: position.seq, epoch: position.epoch, at, data };
  }
}
