import { DEFAULT_SCORES_SPORT, type ScoreboardEvent } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/api-client';
import { connectionStateAtom } from '../realtime/connection-state';
import { liveSocketAtom } from '../realtime/socket';
import { authAtom } from '../state/auth';
import { GameCard } from './GameCard';
import { GameModal } from './GameModal';
import { fetchScores } from './scores-api';
import { mergeScoreUpdate, SCORE_SPORTS, scoresPollInterval } from './scores-logic';
import './scores.css';

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
        const { games: updated } = envelope.data;
        setGames((list) => mergeScoreUpdate(list ?? [], updated, sport));
      } else if (envelope.type === 'game.final') {
        const { game } = envelope.data;
        setGames((list) => mergeScoreUpdate(list ?? [], [game], sport));
      } else if (envelope.type === 'snapshot') {
        const board = envelope.data;
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
        {games?.map((game) => (
          <GameCard key={game.id} game={game} onOpen={() => setOpenGameId(game.id)} />
        ))}
      </ul>
      {openGameId && <GameModal key={openGameId} game={openGame} onClose={() => setOpenGameId(null)} />}
    </section>
  );
}
