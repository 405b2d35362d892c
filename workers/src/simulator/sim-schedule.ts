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

/** A round of fixtures is one (simulated) day: every team of a sport plays once in it. */
export const DAY_SEC = 86_400;
/** Rest between the end of a team's game and its next kick-off at the least (simulated minutes). */
const REST_MIN = 60;

/**
 * The fixture list of each sport: one round a day, every team in it once, its games spread over the day's slate
 * (the last one ends REST_MIN before the next day's first starts, so no team plays two games at once); teams
 * paired by a seeded shuffle per round, hidden strength and total drawn from the seed. Nothing is stored: any
 * game of any time is computed from its index (round × games a round + slot).
 */
export class GameSchedule {
  private readonly roundMemo = new Map<string, string[]>();

  constructor(private readonly clock: SimClock) {}

  static perRound(profile: SportProfile): number {
    return Math.floor(profile.teams.length / 2);
  }

  /** Simulated seconds between two kick-offs of one day's slate. */
  static spacingSec(profile: SportProfile): number {
    const slate = DAY_SEC - (profile.durationMin + REST_MIN) * 60;
    return Math.floor(slate / Math.max(1, GameSchedule.perRound(profile) - 1));
  }

  /** How far ahead games are listed: the sport's look-ahead, or longer to keep its usual number of games on the board. */
  static lookaheadSec(profile: SportProfile): number {
    return Math.max(
      profile.lookaheadMin * 60,
      profile.gamesOnBoard * GameSchedule.spacingSec(profile) - profile.durationMin * 60,
    );
  }

  /** The first kick-off of a day, seeded early enough that the day's last one is on the same (UTC) day too. */
  private offsetSec(profile: SportProfile): number {
    return (hash32(this.clock.seed, profile.key, 'offset') % (profile.durationMin + REST_MIN)) * 60;
  }

  /** The round (day) a simulated moment falls in. */
  roundAt(profile: SportProfile, simSec: number): number {
    return Math.floor((simSec - this.offsetSec(profile)) / DAY_SEC);
  }

  game(profile: SportProfile, index: number): SimGame {
    const seed = this.clock.seed;
    const perRound = GameSchedule.perRound(profile);
    const round = Math.floor(index / perRound);
    const slot = index - round * perRound;
    const commenceSimSec = round * DAY_SEC + this.offsetSec(profile) + slot * GameSchedule.spacingSec(profile);
    const order = this.roundOrder(profile, round);
    const strength = profile.homeAdvantage + profile.strengthSd * normal(seed, profile.key, index, 'strength');
    const total = Math.max(
      profile.totalMean * 0.6,
      profile.totalMean * (1 + 0.07 * normal(seed, profile.key, index, 'total')),
    );
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

  /** The game a team plays in a round (every team plays once a round; with an odd number of teams one rests). */
  teamGame(profile: SportProfile, round: number, team: string): SimGame | null {
    const position = this.roundOrder(profile, round).indexOf(team);
    const slot = Math.floor(position / 2);
    if (position < 0 || slot >= GameSchedule.perRound(profile)) return null;
    return this.game(profile, round * GameSchedule.perRound(profile) + slot);
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

  /** Games whose start falls in (now − backSec, now + look-ahead] (simulated seconds), in start order. */
  startingAround(profile: SportProfile, nowMs: number, backSec: number): SimGame[] {
    const nowSim = this.clock.simSec(nowMs);
    const from = nowSim - backSec;
    const to = nowSim + GameSchedule.lookaheadSec(profile);
    const perRound = GameSchedule.perRound(profile);
    const games: SimGame[] = [];
    for (let round = this.roundAt(profile, from); round <= this.roundAt(profile, to); round++) {
      for (let slot = 0; slot < perRound; slot++) {
        const game = this.game(profile, round * perRound + slot);
        const start = this.clock.simSec(game.commence);
        if (start > from && start <= to) games.push(game);
      }
    }
    return games;
  }
}
