import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatMoney, pickProfitCents, type ScoreboardEvent, type UserPick } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { allPicksQuery, type PickListQuery, applySettledPicks, formatPickOdds, statusLabel } from '../picks';
import { oddsFormatAtom } from '../../state/display-settings';
import { liveSocketAtom } from '../../realtime/socket';
import { useSignedInUserId } from '../../state/auth';
import { picksOnGame } from './scores-logic';

/** The picks a game's own are found among: the last 90 days', as the tracker lists them. */
const RECENT_PICKS: PickListQuery = { period: '90d', status: 'all', sort: 'date' };

/** The user's own picks on this game, their status following settlement pushes. */
export function MyPicksOnGame({ game }: { game: ScoreboardEvent }) {
  const socket = useAtomValue(liveSocketAtom);
  const oddsFormat = useAtomValue(oddsFormatAtom);
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  const picks = useQuery({ ...allPicksQuery(userId, RECENT_PICKS), enabled: userId !== '' });

  useEffect(() => {
    if (!userId) return;
    return socket.subscribe({ channel: 'user' }, (envelope) => {
      if (envelope.type !== 'picks.settled') return;
      const { picks: settled } = envelope.data;
      queryClient.setQueryData<UserPick[]>(allPicksQuery(userId, RECENT_PICKS).queryKey, (list) =>
        list ? applySettledPicks(list, settled, 'all') : list,
      );
    });
  }, [socket, userId, queryClient]);

  if (picks.isError) return <p className="form-error small">{picks.error.message}</p>;
  if (picks.isPending) return null;
  const mine = picksOnGame(picks.data, game);
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
                {profit !== null && <span className="small">{formatMoney(profit, { signed: true })}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
