import type { ScoreboardEvent, UserPick } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Modal } from '../components/Modal';
import { TabList, tabPanelProps } from '../components/TabList';
import { fetchPicks } from '../picks/picks-api';
import { applySettledPicks, formatMoney, pickProfitCents, statusLabel } from '../picks/picks-logic';
import { liveSocketAtom } from '../realtime/socket';
import { authAtom } from '../state/auth';
import { LineMovement } from './LineMovement';
import { Reactions } from './Reactions';
import { formatAmerican, formatLine, picksOnGame, reactionGameKey } from './scores-logic';
import { fetchScores, GameStatusText } from './ScoresPage';

/** Spec 002 §2, §9: the modal's details refresh every 30 seconds. */
const DETAILS_REFRESH_MS = 30_000;
const DETAILS_FAILED = 'Unable to load game details';

type Tab = 'overview' | 'lines';

/**
 * The game modal (spec 002 §2): overview and line movement tabs. It is mounted afresh for each game opened,
 * so it always starts on the overview and all books.
 */
export function GameModal({ game, onClose }: { game: ScoreboardEvent | null; onClose: () => void }) {
  const [tab, setTab] = useState<Tab>('overview');
  const tabsId = useId();
  const [fresh, setFresh] = useState<ScoreboardEvent | null>(null);
  const [failed, setFailed] = useState(false);
  const gameId = game?.id;
  const sport = game?.sport_key;

  useEffect(() => {
    if (!gameId || !sport) return;
    const refresh = () =>
      fetchScores(sport)
        .then((list) => {
          const found = list.find((g) => g.id === gameId);
          setFailed(!found);
          if (found) setFresh(found);
        })
        .catch((error: unknown) => {
          console.warn('Game details refresh failed', error);
          setFailed(true);
        });
    const timer = window.setInterval(refresh, DETAILS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [gameId, sport]);

  if (!game) {
    return (
      <Modal title="Game details" onClose={onClose} testId="game-modal">
        <p className="form-error">{DETAILS_FAILED}</p>
        <CloseButton onClose={onClose} />
      </Modal>
    );
  }
  // The list's copy is updated live; the modal's own refresh wins when it is newer.
  const current = fresh && fresh.last_update > game.last_update ? fresh : game;
  const historyAvailable = Boolean(current.sport_key && current.event_id);

  return (
    <Modal title={`${current.away_team} at ${current.home_team}`} onClose={onClose} testId="game-modal">
      <TabList
        id={tabsId}
        label="Game details"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { value: 'overview', label: 'Overview' },
          { value: 'lines', label: 'Line Movement', disabled: !historyAvailable, title: historyAvailable ? undefined : 'Line history unavailable for this event.' },
        ]}
      />
      {!historyAvailable && <p className="muted small">Line history unavailable for this event.</p>}
      {failed && (
        <p className="form-error small" role="alert">
          {DETAILS_FAILED}
        </p>
      )}
      <div {...tabPanelProps(tabsId, tab)}>{tab === 'overview' ? <Overview game={current} /> : <LineMovement sport={current.sport_key} eventId={current.event_id!} bookmakers={current.bookmakers} />}</div>
      <CloseButton onClose={onClose} />
    </Modal>
  );
}

function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <div className="modal-actions">
      <button type="button" className="button small" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

function Overview({ game }: { game: ScoreboardEvent }) {
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
              {game.away_team} {game.odds.moneyline.away !== undefined ? formatAmerican(game.odds.moneyline.away) : '—'} · {game.home_team}{' '}
              {game.odds.moneyline.home !== undefined ? formatAmerican(game.odds.moneyline.home) : '—'}
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
      <p className="muted small">Live updates every 30 seconds</p>
      <Reactions gameKey={reactionGameKey(game)} />
      {signedIn ? <MyPicksOnGame game={game} /> : (
        <p className="small muted">
          <Link to="/login">Sign in</Link> to react and to see your picks on this game.
        </p>
      )}
    </div>
  );
}

/** The user's own picks on this game, their status following settlement pushes. */
function MyPicksOnGame({ game }: { game: ScoreboardEvent }) {
  const auth = useAtomValue(authAtom);
  const socket = useAtomValue(liveSocketAtom);
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const [picks, setPicks] = useState<UserPick[] | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    fetchPicks({ period: '90d', status: 'all', sort: 'date' })
      .then((list) => setPicks(list))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);

  useEffect(() => {
    if (!userId) return;
    return socket.subscribe({ channel: 'user' }, (envelope) => {
      if (envelope.type !== 'picks.settled') return;
      const { picks: settled } = envelope.data as { picks: UserPick[] };
      setPicks((list) => (list ? applySettledPicks(list, settled, 'all') : list));
    });
  }, [socket, userId]);

  if (error) return <p className="form-error small">{error}</p>;
  if (!picks) return null;
  const mine = picksOnGame(picks, game);
  return (
    <div className="game-picks" data-testid="game-picks">
      <h3>My picks on this game</h3>
      {mine.length === 0 ? (
        <p className="muted small">No picks on this game.</p>
      ) : (
        <ul>
          {mine.map((pick) => {
            const profit = pickProfitCents(pick);
            return (
              <li key={pick.id}>
                <span>
                  {pick.market}: <strong>{pick.selection}</strong> {pick.odds} · {formatMoney(pick.stakeCents)}
                </span>
                <span className={`status-badge status-${pick.status}`}>{statusLabel(pick.status)}</span>
                {profit !== null && <span className="small">{formatMoney(profit, true)}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
