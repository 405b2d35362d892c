import { gameStatus, type ScoreboardEvent } from '@oddspulse/shared';
import { iso } from './sim-clock';
import type { GameState } from './sim-game-state';
import { roundHalf, type GameView } from './sim-pricing';
import { hash32 } from './sim-random';
import type { SimGame } from './sim-schedule';
import type { SportProfile } from './sim-sports';

/** The game clock as the scoreboard shows it: innings for baseball, a running minute for soccer, else a countdown per period. */
export function gameClock(
  profile: SportProfile,
  state: GameState,
): { clock: string | null; period: number | null; detail: string } {
  if (state.phase === 'scheduled') return { clock: null, period: null, detail: 'Scheduled' };
  if (state.phase === 'final')
    return { clock: null, period: profile.periods, detail: state.overtime ? 'Final/OT' : 'Final' };
  if (profile.periodClockMin === 0) {
    const halfInnings = Math.floor(state.played * profile.periods * 2);
    const inning = Math.floor(halfInnings / 2) + 1;
    const suffix = inning === 1 ? 'st' : inning === 2 ? 'nd' : inning === 3 ? 'rd' : 'th';
    return { clock: null, period: inning, detail: `${halfInnings % 2 ? 'Bot' : 'Top'} ${inning}${suffix}` };
  }
  const gameMinutes = state.played * profile.periods * profile.periodClockMin;
  const period = Math.min(profile.periods, Math.floor(gameMinutes / profile.periodClockMin) + 1);
  if (!profile.clockCountsDown) {
    const minute = Math.floor(gameMinutes) + 1;
    return { clock: `${minute}'`, period, detail: `${minute}'` };
  }
  const left = profile.periodClockMin * period - gameMinutes;
  const minutes = Math.floor(left);
  const seconds = Math.floor((left - minutes) * 60);
  const clock = `${minutes}:${String(seconds).padStart(2, '0')}`;
  return { clock, period, detail: `${clock} - ${period}${['st', 'nd', 'rd'][period - 1] ?? 'th'}` };
}

/**
 * A game as the scoreboard carries it (spec 002 §3): teams with their records (sim-records) and seeded ranks, the score and clock of
 * `state`, and the consensus line from the truth at kick-off (`truth`).
 */
export function scoreboardEvent(
  seed: number,
  sport: string,
  game: SimGame,
  state: GameState,
  truth: GameView,
  nowMs: number,
  records: { home: string; away: string },
): ScoreboardEvent {
  const profile = game.sport;
  const live = state.phase === 'live';
  const completed = state.phase === 'final';
  const status = gameStatus({ completed, live });
  const { clock, period, detail } = gameClock(profile, state);
  const home = state.phase === 'scheduled' ? null : state.home;
  const away = state.phase === 'scheduled' ? null : state.away;
  const rank = (team: string) => {
    const r = hash32(seed, sport, team, 'rank') % 60;
    return profile.ranked && r < 25 ? r + 1 : undefined;
  };
  const event: ScoreboardEvent = {
    id: game.id,
    event_id: game.id,
    sport_key: sport,
    league: profile.title,
    commence_time: iso(game.commence),
    home_team: game.home,
    away_team: game.away,
    home_record: records.home,
    away_record: records.away,
    scores: { home, away },
    home_score: home,
    away_score: away,
    completed,
    live,
    status,
    status_type: {
      name: completed ? 'STATUS_FINAL' : live ? 'STATUS_IN_PROGRESS' : 'STATUS_SCHEDULED',
      detail,
      completed,
    },
    clock,
    period,
    odds: { provider: 'Consensus', spread: -roundHalf(truth.marginLeft), overUnder: roundHalf(truth.totalLeft) },
    source: 'simulator',
    last_update: iso(nowMs),
  };
  const homeRank = rank(game.home);
  const awayRank = rank(game.away);
  if (homeRank) event.home_rank = homeRank;
  if (awayRank) event.away_rank = awayRank;
  return event;
}
