import { hash32, hexId, normal } from './sim-random';
import type { SportProfile } from './sim-sports';
import { remember, type SimClock } from './sim-clock';

export interface SimGame {
  sport: SportProfile;
  index: number;
  id: string;
  home: string;
  away: string;
  /** Real epoch ms. */
  commence: number;
  /** Pre-match expected margin (home − away) and total, before drift. */
  strength: number;
  total: number;
}

/**
 * The fixture list of each sport: game n starts n spacings after the seed's offset, its teams paired by a
 * seeded shuffle per round, its hidden strength and total drawn from the seed. Nothing is stored: any game
 * of any time is computed from its index.
 */
export class GameSchedule {
  private readonly roundMemo = new Map<string, string[]>();

  constructor(private readonly clock: SimClock) {}

  private spacingMin(profile: SportProfile): number {
    return Math.max(5, Math.round((profile.durationMin + profile.lookaheadMin) / profile.gamesOnBoard));
  }

  private game(profile: SportProfile, index: number): SimGame {
    const seed = this.clock.seed;
    const spacing = this.spacingMin(profile);
    const offset = hash32(seed, profile.key, 'offset') % spacing;
    const commenceSimSec = (index * spacing + offset) * 60;
    const perRound = Math.floor(profile.teams.length / 2);
    const round = Math.floor(index / perRound);
    const slot = index - round * perRound;
    const order = this.roundOrder(profile, round);
    const strength = profile.homeAdvantage + profile.strengthSd * normal(seed, profile.key, index, 'strength');
    const total = Math.max(profile.totalMean * 0.6, profile.totalMean * (1 + 0.07 * normal(seed, profile.key, index, 'total')));
    return {
      sport: profile,
      index,
      id: hexId(seed, profile.key, index),
      home: order[2 * slot],
      away: order[2 * slot + 1],
      commence: this.clock.realMs(commenceSimSec),
      strength,
      total,
    };
  }

  private roundOrder(profile: SportProfile, round: number): string[] {
    const key = `${profile.key}:${round}`;
    let order = this.roundMemo.get(key);
    if (!order) {
      const rank = new Map(profile.teams.map((t) => [t, hash32(this.clock.seed, profile.key, round, t)]));
      order = [...profile.teams].sort((a, b) => rank.get(a)! - rank.get(b)!);
      remember(this.roundMemo, key, order);
    }
    return order;
  }

  /** Games whose start falls in (now − backSec, now + lookahead] (simulated seconds), in start order. */
  startingAround(profile: SportProfile, nowMs: number, backSec: number): SimGame[] {
    const spacingSec = this.spacingMin(profile) * 60;
    const nowSim = this.clock.simSec(nowMs);
    const first = Math.floor((nowSim - backSec) / spacingSec) - 1;
    const last = Math.ceil((nowSim + profile.lookaheadMin * 60) / spacingSec) + 1;
    const games: SimGame[] = [];
    for (let index = first; index <= last; index++) {
      const game = this.game(profile, index);
      const start = this.clock.simSec(game.commence);
      if (start <= nowSim - backSec || start > nowSim + profile.lookaheadMin * 60) continue;
      games.push(game);
    }
    return games;
  }
}
