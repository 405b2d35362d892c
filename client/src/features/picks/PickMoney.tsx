import { pickProfitCents, type UserPick } from '@oddspulse/shared';
import { formatMoney } from '@oddspulse/shared';
import { formatAmericanOdds, type OddsDisplayFormat } from '../../format/odds-format';

/**
 * A pick's money: stake, to win, payout or paid, profit, edge and closing-line value, the closing price in the user's
 * odds format as the pick's own (spec 001 §3: the odds format is stored and applied).
 */
export function PickMoney({ pick, oddsFormat }: { pick: UserPick; oddsFormat: OddsDisplayFormat }) {
  const profit = pickProfitCents(pick);
  return (
    <div className="pick-money small">
      <span data-testid="pick-stake">
        {pick.stakeCents > 0 ? `Stake ${formatMoney(pick.stakeCents)}` : 'No stake set'}
      </span>
      {/* DECISIONS 30: "To win" is the profit, "Payout" the total returned */}
      {pick.potentialCents !== null && <span>To win {formatMoney(pick.potentialCents - pick.stakeCents)}</span>}
      {pick.potentialCents !== null && pick.status === 'pending' && (
        <span>Payout {formatMoney(pick.potentialCents)}</span>
      )}
      {pick.actualPayoutCents !== null && pick.status !== 'pending' && (
        <span>Paid {formatMoney(pick.actualPayoutCents)}</span>
      )}
      {profit !== null && (
        <span className={profit > 0 ? 'up' : profit < 0 ? 'down' : ''}>
          Profit {formatMoney(profit, { signed: true })}
        </span>
      )}
      {pick.edge !== null && <span>Edge {pick.edge.toFixed(1)}%</span>}
      {pick.clv !== null && (
        <span data-testid="pick-clv" className={pick.clv >= 0 ? 'up' : 'down'}>
          CLV {pick.clv > 0 ? '+' : ''}
          {pick.clv.toFixed(1)}%
          {pick.closingOdds !== null ? ` (close ${formatAmericanOdds(pick.closingOdds, oddsFormat)})` : ''}
        </span>
      )}
    </div>
  );
}
