import type { EvBet } from '@oddspulse/shared';
import { isLive } from '../odds/filters/filters';
import { marketLabel } from '../odds/rows/labels';

/**
 * A recommendation's game, sport, market and start, and LIVE when the game is in play (the tables' started rule): a
 * live game's price moves fast, and a bet on it is a different bet from one before the start.
 */
export function RecommendedBetMeta({ bet, now }: { bet: EvBet; now: number }) {
  return (
    <div className="muted small">
      {bet.game} · {bet.sportTitle} · {marketLabel(bet.market)} ·{' '}
      {new Date(bet.commenceTime).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}
      {isLive(bet.commenceTime, now) && (
        <span
          className="flag flag-live live-marker"
          data-testid="live-marker"
          title="In play: the game has started, prices move fast"
        >
          LIVE
        </span>
      )}
    </div>
  );
}
