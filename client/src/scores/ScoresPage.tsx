import type { ScoreboardEvent, SportScoreboard } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/api-client';
import { api } from '../api/client';
import { connectionStateAtom, liveSocketAtom } from '../realtime/socket';
import { authAtom } from '../state/auth';
import { GameModal } from './GameModal';
import { DEFAULT_SCORES_SPORT, formatLine, gameBadge, mergeScoreUpdate, SCORE_SPORTS, scoresPollInterval } from './scores-logic';
import './scores.css';

export function fetchScores(sport: string): Promise<ScoreboardEvent[]> {
  return api.get<ScoreboardEvent[]>('/api/scores', { query: { sport }, auth: 'optional' });
}

/** Spec 002 §7/§8: 'Failed to load scores: HTTP {status}'. */
export function scoresErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return `Failed to load scores: HTTP ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Live scores (spec 002 §2, public per DECISIONS 9). Signed in, games update over the socket's scores
 * channel for the sport; while the socket is not connected (or signed out) the page polls every 15 s when
 * a game is live, else every 60 s (spec 002 §4).
 */
export function ScoresPage() {
  const auth = useAtomValue(authAtom);
  const socket = useAtomValue(liveSocketAtom);
  const connection = useAtomValue(connectionStateAtom);
  const [sport, setSport] = useState<string>(DEFAULT_SCORES_SPORT);
  const [games, setGames] = useState<ScoreboardEvent[] | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const [openGameId, setOpenGameId] = useState<string | null>(null);
  const sportRef = useRef(sport);
  sportRef.current = sport;
  const signedIn = auth.status === 'signedIn';

  const load = useCallback(async () => {
    const requested = sportRef.current;
    setLoading(true);
    try {
      const list = await fetchScores(requested);
      if (sportRef.current !== requested) return;
      setGames(mergeScoreUpdate([], list, requested));
      setError('');
    } catch (e) {
      if (sportRef.current === requested) setError(scoresErrorMessage(e));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    setGames(null);
    setOpenGameId(null);
    void load();
  }, [sport, load]);

  // Live over the socket while signed in.
  useEffect(() => {
    if (!signedIn) return;
    return socket.subscribe({ channel: 'scores', sport }, (envelope) => {
      if (envelope.type === 'score.update') {
        const { games: updated } = envelope.data as { games: ScoreboardEvent[] };
        setGames((list) => mergeScoreUpdate(list ?? [], updated, sport));
      } else if (envelope.type === 'game.final') {
        const { game } = envelope.data as { game: ScoreboardEvent };
        setGames((list) => mergeScoreUpdate(list ?? [], [game], sport));
      } else if (envelope.type === 'snapshot') {
        const board = envelope.data as SportScoreboard | null;
        if (board?.games) setGames(mergeScoreUpdate([], board.games, sport));
      }
    });
  }, [socket, sport, signedIn]);

  // The polling fallback while no live connection carries the scores.
  const live = signedIn && connection === 'connected';
  const interval = scoresPollInterval(games ?? []);
  useEffect(() => {
    if (live) return;
    const timer = window.setInterval(() => void load(), interval);
    return () => window.clearInterval(timer);
  }, [live, interval, load]);

  const openGame = games?.find((g) => g.id === openGameId) ?? null;

  return (
    <section className="page scores-page">
      <div className="scores-head">
        <h1>Live Scores</h1>
        <div className="scores-controls">
          <label>
            <span className="sr-only">Sport</span>
            <select aria-label="Sport" value={sport} onChange={(e) => setSport(e.target.value)}>
              {SCORE_SPORTS.map((s) => (
                <option key={s.key} value={s.key}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button small" onClick={() => void load()} disabled={loading}>
            {loading ? 'Refreshing...' : 'Refresh'}
          </button>
        </div>
      </div>
      <p className="muted small" data-testid="scores-mode">
        {live ? 'Live: scores update as they happen.' : `Refreshing every ${interval / 1000} seconds.`}
      </p>
      {error && (
        <div className="banner banner-error" role="alert" data-testid="scores-error">
          {error}
        </div>
      )}
      {games === null && !error && <div className="spinner" role="status" aria-label="Loading scores" />}
      {games !== null && games.length === 0 && <p className="card muted">No games scheduled for this sport right now.</p>}
      <ul className="game-list" aria-label="Games">
        {games?.map((game) => <GameCard key={game.id} game={game} onOpen={() => setOpenGameId(game.id)} />)}
      </ul>
      {openGameId && <GameModal key={openGameId} game={openGame} onClose={() => setOpenGameId(null)} />}
    </section>
  );
}

function TeamRow({ name, logo, record, rank, score }: { name: string; logo?: string; record?: string; rank?: number; score: number | null }) {
  return (
    <div className="team-row">
      {logo ? <img src={logo} alt="" className="team-logo" loading="lazy" /> : <span className="team-logo placeholder" aria-hidden="true">{name.slice(0, 1)}</span>}
      <span className="team-name">
        {rank ? <span className="team-rank">{rank}</span> : null}
        {name}
        {record && <span className="muted small"> ({record})</span>}
      </span>
      <span className="team-score">{score ?? ''}</span>
    </div>
  );
}

export function GameStatusText({ game }: { game: ScoreboardEvent }) {
  const badge = gameBadge(game);
  return (
    <span className="game-status">
      {badge && (
        <span className={`game-badge badge-${badge.toLowerCase()}`} data-testid="game-badge">
          {badge}
        </span>
      )}
      {badge === 'LIVE' && <span className="small">{game.status_type?.detail || game.clock}</span>}
      {badge === null && <span className="small muted">{new Date(game.commence_time).toLocaleString([], { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}</span>}
    </span>
  );
}

function GameCard({ game, onOpen }: { game: ScoreboardEvent; onOpen: () => void }) {
  return (
    <li className="card game-card" data-testid="game-card" data-game-id={game.id}>
      <button type="button" className="game-open" onClick={onOpen} aria-label={`${game.away_team} at ${game.home_team}: open game details`}>
        <div className="game-card-head">
          <GameStatusText game={game} />
          {game.week ? <span className="muted small">Week {game.week}</span> : null}
        </div>
        <TeamRow name={game.away_team} logo={game.away_logo} record={game.away_record} rank={game.away_rank} score={game.scores.away} />
        <TeamRow name={game.home_team} logo={game.home_logo} record={game.home_record} rank={game.home_rank} score={game.scores.home} />
        {game.odds && (game.odds.spread !== undefined || game.odds.overUnder !== undefined) && (
          <div className="game-odds small muted">
            {game.odds.spread !== undefined && <span>Spread: {game.odds.details ?? `${game.home_team} ${formatLine(game.odds.spread)}`}</span>}
            {game.odds.overUnder !== undefined && <span>O/U: {game.odds.overUnder}</span>}
            <span>{game.odds.provider}</span>
          </div>
        )}
      </button>
    </li>
  );
}
