import { DEFAULT_SCORES_SPORT, type ScoreboardEvent } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/api-client';
import { ValueOptions } from '../../ui/ValueSelect';
import { connectionStateAtom } from '../../realtime/connection-state';
import { liveSocketAtom } from '../../realtime/socket';
import { authAtom } from '../../state/auth';
import { GameCard } from './GameCard';
import { GameModal } from './GameModal';
import { scoresKeys, scoresQuery, type SportScores } from './scores-api';
import { ScoresUpdateStatus } from './ScoresUpdateStatus';
import { mergeScoreUpdate, SCORE_SPORTS, scoresPollInterval } from './scores-logic';
import { ScoresStaleBanner } from './ScoresStaleBanner';
import './scores.css';

/** The sport select's options: each sport's key, shown by its title. */
const SPORT_KEYS = SCORE_SPORTS.map((sport) => sport.key);
const SPORT_NAMES = Object.fromEntries(SCORE_SPORTS.map((sport) => [sport.key, sport.title]));

/** Spec 002 §7/§8: 'Failed to load scores: HTTP {status}'. */
export function scoresErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return `Failed to load scores: HTTP ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Live scores (spec 002 §2, public per DECISIONS 9). Signed in, games update over the socket's scores
 * channel for the sport; while the socket is not connected (or signed out) the page polls every 15 s when
 * a game is live, else every 60 s (spec 002 §4). Each sport's games are cached on their own, so choosing a sport
 * seen before shows its games at once while they are read again, and an answer for a sport left behind never lands
 * on another's list.
 */
export function ScoresPage() {
  const auth = useAtomValue(authAtom);
  const socket = useAtomValue(liveSocketAtom);
  const connection = useAtomValue(connectionStateAtom);
  const queryClient = useQueryClient();
  const [sport, setSport] = useState<string>(DEFAULT_SCORES_SPORT);
  const [openGameId, setOpenGameId] = useState<string | null>(null);
  const signedIn = auth.status === 'signedIn';
  // The polling fallback (spec 002 §4) runs only while no live connection carries the scores.
  const live = signedIn && connection === 'connected';
  const scores = useQuery({
    ...scoresQuery(sport),
    refetchInterval: (query) => (live ? false : scoresPollInterval(query.state.data?.games ?? [])),
  });
  const games = scores.data?.games ?? null;
  const interval = scoresPollInterval(games ?? []);

  // Live over the socket while signed in: each push lands in the sport's cached list, and its stale mark (board.status:
  // a board nobody polls is shown as such) beside it.
  useEffect(() => {
    if (!signedIn) return;
    const key = scoresKeys.sport(sport);
    const change = (next: (current: SportScores) => SportScores) =>
      queryClient.setQueryData<SportScores>(key, (current) => next(current ?? { games: [], staleSince: null }));
    const merge = (updated: readonly ScoreboardEvent[], removed?: readonly string[]) =>
      change((current) => ({ ...current, games: mergeScoreUpdate(current.games, updated, sport, removed) }));
    return socket.subscribe({ channel: 'scores', sport }, (envelope) => {
      if (envelope.type === 'score.update') merge(envelope.data.games, envelope.data.removed);
      else if (envelope.type === 'game.final') merge([envelope.data.game]);
      else if (envelope.type === 'snapshot' && envelope.data?.games) {
        const games = envelope.data.games;
        change((current) => ({ ...current, games: mergeScoreUpdate([], games, sport) }));
      } else if (envelope.type === 'board.status')
        change((current) => ({ ...current, staleSince: envelope.data.stale_since }));
    });
  }, [socket, sport, signedIn, queryClient]);

  const chooseSport = (next: string) => {
    setSport(next);
    setOpenGameId(null);
  };

  const openGame = games?.find((g) => g.id === openGameId) ?? null;

  return (
    <section className="page scores-page">
      <div className="scores-head">
        <h1>Live Scores</h1>
        <div className="scores-controls">
          <label>
            <span className="sr-only">Sport</span>
            <select aria-label="Sport" value={sport} onChange={(e) => chooseSport(e.target.value)}>
              <ValueOptions values={SPORT_KEYS} names={SPORT_NAMES} />
            </select>
          </label>
          <button
            type="button"
            className="button small"
            onClick={() => void scores.refetch()}
            disabled={scores.isFetching}
          >
            {scores.isFetching ? 'Refreshing...' : 'Refresh'}
          </button>
        </div>
      </div>
      <ScoresUpdateStatus pollMs={interval} testId="scores-mode" />
      <ScoresStaleBanner sportTitle={SPORT_NAMES[sport] ?? sport} staleSince={scores.data?.staleSince ?? null} />
      {scores.error && (
        <div className="banner banner-error" role="alert" data-testid="scores-error">
          {scoresErrorMessage(scores.error)}
        </div>
      )}
      {games === null && !scores.error && <div className="spinner" role="status" aria-label="Loading scores" />}
      {games !== null && games.length === 0 && (
        <p className="card muted">No games scheduled for this sport right now.</p>
      )}
      <ul className="game-list" aria-label="Games">
        {games?.map((game) => (
          <GameCard key={game.id} game={game} onOpen={() => setOpenGameId(game.id)} />
        ))}
      </ul>
      {openGameId && <GameModal key={openGameId} game={openGame} onClose={() => setOpenGameId(null)} />}
    </section>
  );
}
