import type { EvBet } from '@oddspulse/shared';
import { isLive } from '../odds';
import { LiveMarker } from '../../ui/LiveMarker';
import { marketLabel } from '../../format/bet-labels';

/**
 * A recommendation's game, sport, market and start, and LIVE when the game is in play (the tables' started rule): a
 * live game's price moves fast, and a bet on it is a different bet from one before the start.
 */
export function RecommendedBetMeta({ bet, now }: { bet: EvBet; now: number }) {
  return (
    <div className="muted small">
      {bet.game} · {bet.sportTitle} · {marketLabel(bet.market)} ·{' '}
      {new Date(bet.commenceTime).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}
      {isLive(bet.commenceTime, now) && <LiveMarker />}
    </div>
  );
}
