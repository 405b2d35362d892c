import { reactionGameKey, type ScoreboardEvent } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { authAtom } from '../../state/auth';
import { GameStatusText } from './GameCard';
import { MyPicksOnGame } from './MyPicksOnGame';
import { Reactions } from './Reactions';
import { ScoresUpdateStatus } from './ScoresUpdateStatus';
import { formatAmericanOdds } from '../../format/odds-format';
import { oddsFormatAtom } from '../../state/display-settings';
import { formatLine } from './scores-logic';

/**
 * The game modal's overview tab (spec 002 §2): score, facts, the pre-game line, how it stays current (`pollMs` when it
 * is not pushed), reactions and the user's picks on it.
 */
export function GameOverview({ game, pollMs }: { game: ScoreboardEvent; pollMs: number }) {
  const auth = useAtomValue(authAtom);
  const signedIn = auth.status === 'signedIn';
  return (
    <div className="game-overview">
      <div className="overview-score">
        <div>
          <strong>{game.away_team}</strong>
          {game.away_record && <span className="muted small"> ({game.away_record})</span>}
        </div>
        <span className="overview-points" data-testid="modal-score">
          {game.scores.away ?? '-'} – {game.scores.home ?? '-'}
        </span>
        <div>
          <strong>{game.home_team}</strong>
          {game.home_record && <span className="muted small"> ({game.home_record})</span>}
        </div>
      </div>
      <GameStatusText game={game} />
      <GameFacts game={game} />
      <ScoresUpdateStatus pollMs={pollMs} testId="game-updates" />
      <Reactions gameKey={reactionGameKey(game)} />
      {signedIn ? (
        <MyPicksOnGame game={game} />
      ) : (
        <p className="small muted">
          <Link to="/login">Sign in</Link> to see your picks on this game.
        </p>
      )}
    </div>
  );
}

/** The game's facts (start, league, status, venue, season) and its pre-game line, the moneyline in the user's format. */
function GameFacts({ game }: { game: ScoreboardEvent }) {
  const oddsFormat = useAtomValue(oddsFormatAtom);
  return (
    <dl className="overview-facts small">
      <dt>Start</dt>
      <dd>{new Date(game.commence_time).toLocaleString()}</dd>
      <dt>League</dt>
      <dd>{game.league}</dd>
      {game.status_type?.detail && (
        <>
          <dt>Status</dt>
          <dd>{game.status_type.detail}</dd>
        </>
      )}
      {game.venue && (
        <>
          <dt>Venue</dt>
          <dd>{game.venue}</dd>
        </>
      )}
      {game.season && (
        <>
          <dt>Season</dt>
          <dd>
            {game.season}
            {game.week ? `, week ${game.week}` : ''}
          </dd>
        </>
      )}
      {game.odds?.spread !== undefined && (
        <>
          <dt>Spread</dt>
          <dd>{game.odds.details ?? `${game.home_team} ${formatLine(game.odds.spread)}`}</dd>
        </>
      )}
      {game.odds?.overUnder !== undefined && (
        <>
          <dt>Over/Under</dt>
          <dd>{game.odds.overUnder}</dd>
        </>
      )}
      {game.odds?.moneyline && (
        <>
          <dt>Moneyline</dt>
          <dd>
            {game.away_team}{' '}
            {game.odds.moneyline.away !== undefined ? formatAmericanOdds(game.odds.moneyline.away, oddsFormat) : '—'} ·{' '}
            {game.home_team}{' '}
            {game.odds.moneyline.home !== undefined ? formatAmericanOdds(game.odds.moneyline.home, oddsFormat) : '—'}
          </dd>
        </>
      )}
      {game.odds?.provider && (
        <>
          <dt>Odds by</dt>
          <dd>{game.odds.provider}</dd>
        </>
      )}
    </dl>
  );
}
