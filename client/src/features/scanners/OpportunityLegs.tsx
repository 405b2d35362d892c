import { useAtomValue } from 'jotai';
import { commissionLabel, formatDollars, priceWithNet, type OpportunityLeg } from '@oddspulse/shared';
import { betSelectionLabel } from '../../format/bet-labels';
import { formatSeconds } from '../../format/durations';
import { formatOdds } from '../../format/odds-format';
import { oddsFormatAtom } from '../../state/display-settings';
import { OpenInBook } from '../../ui/OpenInBook';
import { TableHead } from '../../ui/TableHead';
import { liabilityLabel } from './calculator/lay-leg';
import { ageSeconds } from './opportunity-feed';

/** An opportunity's legs: each book with its link, the bet, the price (net of an exchange's commission), the stake and its age. */
export function OpportunityLegs({ legs, now }: { legs: readonly OpportunityLeg[]; now: number }) {
  const format = useAtomValue(oddsFormatAtom);
  return (
    <table className="legs-table opportunity-legs" aria-label="Legs">
      <TableHead columns={['Book', 'Bet', 'Odds', 'Stake', 'Age']} />
      <tbody>
        {legs.map((leg, i) => (
          <tr key={i} data-testid="leg">
            <td className="leg-book-cell">
              <span className="leg-figure" data-testid="leg-book">
                {leg.bookTitle}
              </span>
              <OpenInBook book={leg.book} title={leg.bookTitle} link={leg.link} compact />
            </td>
            <td className="leg-bet-cell">
              {leg.lay && (
                <span
                  className="flag leg-lay"
                  data-testid="leg-lay"
                  title="A lay at the exchange: it wins when this outcome does not happen"
                >
                  Lay
                </span>
              )}{' '}
              {betSelectionLabel(leg)}
            </td>
            <td className="leg-odds-cell">
              {/* a back leg at an exchange shows the price it pays net of the commission (commission.ts
                    priceWithNet); a lay's commission is taken on the lay's winnings, so it is said in words */}
              <span className="leg-figure" data-testid="leg-odds">
                {leg.lay
                  ? formatOdds(leg.decimal, format)
                  : priceWithNet(leg.decimal, leg.commission ?? 0, (decimal) => formatOdds(decimal, format))}
              </span>
              {leg.lay && commissionLabel(leg.commission ?? 0) && (
                <span className="muted small leg-commission" data-testid="leg-commission">
                  {' '}
                  {commissionLabel(leg.commission ?? 0)}
                </span>
              )}
            </td>
            <td className="leg-stake-cell">
              <span className="leg-figure" data-testid="leg-stake">
                {formatDollars(leg.stake)}
              </span>
              {liabilityLabel(leg) && (
                <div className="muted small" data-testid="leg-liability">
                  {liabilityLabel(leg)}
                </div>
              )}
            </td>
            <td
              className="leg-figure leg-age-cell"
              data-testid="leg-age"
              title={`Price last updated ${new Date(leg.lastUpdate).toLocaleTimeString()}`}
            >
              {formatSeconds(ageSeconds(leg.lastUpdate, now))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
