import { pickProfitCents, type ScoreboardEvent, type UserPick } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { fetchPicks } from '../picks/picks-api';
import { oddsFormatAtom } from '../odds/odds-state';
import { applySettledPicks, formatMoney, formatPickOdds, statusLabel } from '../picks/picks-logic';
import { liveSocketAtom } from '../realtime/socket';
import { authAtom } from '../state/auth';
import { picksOnGame } from './scores-logic';

/** The user's own picks on this game, their status following settlement pushes. */
export function MyPicksOnGame({ game }: { game: ScoreboardEvent }) {
  const auth = useAtomValue(authAtom);
  const socket = useAtomValue(liveSocketAtom);
  const oddsFormat = useAtomValue(oddsFormatAtom);
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
      const { picks: settled } = envelope.data;
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
                  {pick.market}: <strong>{pick.selection}</strong> {formatPickOdds(pick.odds, oddsFormat)} ·{' '}
                  {formatMoney(pick.stakeCents)}
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
