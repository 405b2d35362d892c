import {
  effectiveDecimal,
  formatMoney,
  middleOutcomeTable,
  type LegResult,
  type MiddleOpportunity,
} from '@oddspulse/shared';
import { betSelectionLabel } from '../../format/bet-labels';
import { TableHead } from '../../ui/TableHead';

const LEG_RESULT: Record<LegResult, string> = { win: 'wins', push: 'pushes', lose: 'loses' };

/** The whole-number results a row of a middle's outcome table covers, as "Total 45", "Total ≤ 44", "Home margin 5–6". */
function resultRange(what: string, from: number | null, to: number | null): string {
  if (from === null) return `${what} ≤ ${to}`;
  if (to === null) return `${what} ≥ ${from}`;
  return from === to ? `${what} ${from}` : `${what} ${from}–${to}`;
}

/**
 * Every way a middle can end: one leg wins and the other loses, one wins and the other pushes (whole-number
 * lines), both win, with the net of the card's stakes as the books pay them (DECISIONS 25), an exchange net of its commission.
 */
export function MiddleOutcomeTable({ o }: { o: MiddleOpportunity }) {
  const [low, high] = o.legs;
  // a leg at an exchange wins net of its commission (commission.ts)
  const decimals: [number, number] = [
    effectiveDecimal(low.decimal, low.commission ?? 0),
    effectiveDecimal(high.decimal, high.commission ?? 0),
  ];
  const rows = middleOutcomeTable(o.middleRange, decimals, [Math.round(low.stake * 100), Math.round(high.stake * 100)]);
  const what = o.market.startsWith('totals') || o.market.startsWith('team_totals') ? 'Total' : `${low.outcome} margin`;
  return (
    // a phone's card narrower than the table scrolls it sideways rather than widening the page (odds.css)
    <div className="middle-outcomes" role="region" aria-label="Outcomes" tabIndex={0}>
      <table className="legs-table" data-testid="middle-outcomes">
        <TableHead columns={['Result', betSelectionLabel(low), betSelectionLabel(high), 'Net']} />
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.from}:${r.to}`} data-testid="middle-outcome" data-legs={r.legs.join(',')}>
              <td>{resultRange(what, r.from, r.to)}</td>
              <td>{LEG_RESULT[r.legs[0]]}</td>
              <td>{LEG_RESULT[r.legs[1]]}</td>
              <td className={r.netCents >= 0 ? 'up' : 'down'}>{formatMoney(r.netCents, { signed: true })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
