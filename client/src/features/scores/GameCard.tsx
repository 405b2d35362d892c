import { offScheduleText, type ScoreboardEvent } from '@oddspulse/shared';
import { formatLine, gameBadge } from './scores-logic';

/** The away or home team's line of a game card: logo (or initial), rank, name, record and score. */
function TeamRow({ game, side }: { game: ScoreboardEvent; side: 'away' | 'home' }) {
  const name = game[`${side}_team`];
  const logo = game[`${side}_logo`];
  const record = game[`${side}_record`];
  const rank = game[`${side}_rank`];
  const score = game.scores[side];
  return (
    <div className="team-row">
      {logo ? (
        <img src={logo} alt="" className="team-logo" loading="lazy" />
      ) : (
        <span className="team-logo placeholder" aria-hidden="true">
          {name.slice(0, 1)}
        </span>
      )}
      <span className="team-name">
        {rank ? <span className="team-rank">{rank}</span> : null}
        {name}
        {record && <span className="muted small"> ({record})</span>}
      </span>
      <span className="team-score">{score ?? ''}</span>
    </div>
  );
}

/**
 * LIVE with the clock, FINAL, or the start time of a scheduled game (spec 002 §2), or instead ESPN's word for a game
 * postponed, cancelled, suspended or delayed (offScheduleText); the card and the game modal show it.
 */
export function GameStatusText({ game }: { game: ScoreboardEvent }) {
  const badge = gameBadge(game);
  const offSchedule = badge === null ? offScheduleText(game) : null;
  return (
    <span className="game-status">
      {badge && (
        <span className={`game-badge badge-${badge.toLowerCase()}`} data-testid="game-badge">
          {badge}
        </span>
      )}
      {badge === 'LIVE' && <span className="small">{game.status_type?.detail || game.clock}</span>}
      {offSchedule !== null && (
        <span className="small" data-testid="game-off-schedule">
          {offSchedule}
        </span>
      )}
      {badge === null && offSchedule === null && (
        <span className="small muted">
          {new Date(game.commence_time).toLocaleString([], {
            weekday: 'short',
            month: 'short',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
          })}
        </span>
      )}
    </span>
  );
}

/** One game of the scores list (spec 002 §2): teams, score, status and the pre-game line; opens the game modal. */
export function GameCard({ game, onOpen }: { game: ScoreboardEvent; onOpen: () => void }) {
  return (
    <li className="card game-card" data-testid="game-card" data-game-id={game.id}>
      {/* named by what it shows (WCAG 2.5.3: a name that starts otherwise hides the card's text from voice control),
          then what it does */}
      <button type="button" className="game-open" onClick={onOpen}>
        <div className="game-card-head">
          <GameStatusText game={game} />
          {game.week ? <span className="muted small">Week {game.week}</span> : null}
        </div>
        <TeamRow game={game} side="away" />
        <TeamRow game={game} side="home" />
        {game.odds && (game.odds.spread !== undefined || game.odds.overUnder !== undefined) && (
          <div className="game-odds small muted">
            {game.odds.spread !== undefined && (
              <span>Spread: {game.odds.details ?? `${game.home_team} ${formatLine(game.odds.spread)}`}</span>
            )}
            {game.odds.overUnder !== undefined && <span>O/U: {game.odds.overUnder}</span>}
            <span>{game.odds.provider}</span>
          </div>
        )}
        <span className="sr-only">Open game details</span>
      </button>
    </li>
  );
}
