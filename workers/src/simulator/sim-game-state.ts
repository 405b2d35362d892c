import { normalCdf, poisson, uniform } from './sim-random';
import { remember, type SimClock } from './sim-clock';
import type { SimGame } from './sim-schedule';

export interface GameState {
  phase: 'scheduled' | 'live' | 'final';
  /** Share of the game played, 0..1. */
  played: number;
  home: number;
  away: number;
  overtime: boolean;
}

/**
 * How a game unfolds: its scoring is a seeded Poisson draw per scoring slot and side, so the score at any
 * moment, and the final one, follow from the seed and the clock alone. A tie where a sport allows none is
 * settled in overtime, for the side the strength favours more often.
 */
export class GameProgress {
  /** Points scored up to the end of each slot, per side (a pure result, kept to save redrawing it). */
  private readonly scoringMemo = new Map<string, { home: number[]; away: number[] }>();

  constructor(private readonly clock: SimClock) {}

  state(game: SimGame, nowMs: number): GameState {
    const profile = game.sport;
    const elapsedSec = this.clock.simSec(nowMs) - this.clock.simSec(game.commence);
    if (elapsedSec < 0) return { phase: 'scheduled', played: 0, home: 0, away: 0, overtime: false };
    const played = Math.min(1, elapsedSec / (profile.durationMin * 60));
    const slots = Math.min(profile.slots, Math.floor(played * profile.slots));
    const scoring = this.scoring(game);
    let home = slots ? scoring.home[slots - 1] : 0;
    let away = slots ? scoring.away[slots - 1] : 0;
    if (played < 1) return { phase: 'live', played, home, away, overtime: false };
    let overtime = false;
    if (home === away && !profile.threeWay) {
      overtime = true;
      const winnerHome = uniform(this.clock.seed, game.id, 'overtime') < normalCdf(game.strength / profile.marginSd);
      const value = Math.min(...profile.scoreValues.map(([v]) => v));
      if (winnerHome) home += value;
      else away += value;
    }
    return { phase: 'final', played: 1, home, away, overtime };
  }

  private scoring(game: SimGame): { home: number[]; away: number[] } {
    let memo = this.scoringMemo.get(game.id);
    if (!memo) {
      memo = { home: [], away: [] };
      let home = 0;
      let away = 0;
      for (let slot = 0; slot < game.sport.slots; slot++) {
        home += this.pointsInSlot(game, slot, 'home');
        away += this.pointsInSlot(game, slot, 'away');
        memo.home.push(home);
        memo.away.push(away);
      }
      remember(this.scoringMemo, game.id, memo);
    }
    return memo;
  }

  private pointsInSlot(game: SimGame, slot: number, team: 'home' | 'away'): number {
    const seed = this.clock.seed;
    const profile = game.sport;
    const avgValue = profile.scoreValues.reduce((s, [v, w]) => s + v * w, 0);
    const expected = Math.max(
      0.1,
      team === 'home' ? (game.total + game.strength) / 2 : (game.total - game.strength) / 2,
    );
    const events = poisson(expected / profile.slots / avgValue, seed, game.id, slot, team);
    let points = 0;
    for (let e = 0; e < events; e++) {
      let pick = uniform(seed, game.id, slot, team, e, 'value');
      for (const [value, weight] of profile.scoreValues) {
        pick -= weight;
        if (pick < 0 || value === profile.scoreValues[profile.scoreValues.length - 1][0]) {
          points += value;
          break;
        }
      }
    }
    return points;
  }
}
