import { remember, type SimClock } from './sim-clock';
import type { GameProgress } from './sim-game-state';
import type { GameSchedule } from './sim-schedule';
import type { SportProfile } from './sim-sports';

interface TeamRecord {
  wins: number;
  draws: number;
  losses: number;
}

/**
 * Team records that follow results (seeded records never changed after a final): the wins, draws and
 * losses of a team's finished games since its season began, a season being `seasonGames` rounds (days, weeks for
 * football) of the schedule. Pure like the rest of the simulator: any process computes the same record at the same
 * moment.
 */
export class TeamRecords {
  /** A team's record before a round, by sport, team and round. */
  private readonly memo = new Map<string, TeamRecord>();

  constructor(
    private readonly clock: SimClock,
    private readonly schedule: GameSchedule,
    private readonly progress: GameProgress,
  ) {}

  /** "W-L", or "W-D-L" where draws stand (soccer), as the scoreboard shows it at `nowMs`. */
  record(profile: SportProfile, team: string, nowMs: number): string {
    const round = this.schedule.roundAt(profile, this.clock.simSec(nowMs));
    const record = { ...this.before(profile, team, round) };
    const game = this.schedule.teamGame(profile, round, team);
    if (game) add(record, this.progress.state(game, nowMs), game.home === team);
    return profile.threeWay ? `${record.wins}-${record.draws}-${record.losses}` : `${record.wins}-${record.losses}`;
  }

  /** The record from the season's first round up to (not including) `round`: every game of those rounds is final. */
  private before(profile: SportProfile, team: string, round: number): TeamRecord {
    const seasonStart = Math.floor(round / profile.seasonGames) * profile.seasonGames;
    let record: TeamRecord = { wins: 0, draws: 0, losses: 0 };
    for (let r = round; r > seasonStart; r--) {
      const known = this.memo.get(`${profile.key}|${team}|${r}`);
      if (known) {
        record = known;
        return this.forward(profile, team, r, round, record);
      }
    }
    return this.forward(profile, team, seasonStart, round, record);
  }

  private forward(profile: SportProfile, team: string, from: number, to: number, start: TeamRecord): TeamRecord {
    let record = start;
    for (let r = from; r < to; r++) {
      const game = this.schedule.teamGame(profile, r, team);
      if (game) {
        record = { ...record };
        const end = this.clock.realMs(this.clock.simSec(game.commence) + profile.durationMin * 60 + 1);
        add(record, this.progress.state(game, end), game.home === team);
      }
      remember(this.memo, `${profile.key}|${team}|${r + 1}`, record);
    }
    return record;
  }
}

function add(record: TeamRecord, state: { phase: string; home: number; away: number }, home: boolean): void {
  if (state.phase !== 'final') return;
  const own = home ? state.home : state.away;
  const other = home ? state.away : state.home;
  if (own > other) record.wins++;
  else if (own < other) record.losses++;
  else record.draws++;
}
