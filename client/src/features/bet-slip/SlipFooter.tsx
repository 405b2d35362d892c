import { formatMoney } from '@oddspulse/shared';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToasts } from '../../state/toasts';
import { clearSlip, picksToPlace, slipReturns, totalStakeCents, validateSlip, type BetSlipState } from './bet-slip';
import { placePicks } from './picks-api';

/**
 * The slip's messages, totals and Place Bets (spec 001 §4, §5; DECISIONS 26): errors disable placing, warnings
 * ask for one confirmation ("Place anyway"); placed bets go to My Picks.
 */
export function SlipFooter({
  slip,
  setSlip,
  bankrollCents,
}: {
  slip: BetSlipState;
  setSlip: (update: (s: BetSlipState) => BetSlipState) => void;
  bankrollCents: number;
}) {
  const navigate = useNavigate();
  const { show } = useToasts();
  const [placing, setPlacing] = useState(false);
  const [placeError, setPlaceError] = useState<string | null>(null);
  const messagesId = useId();
  const validation = validateSlip(slip, bankrollCents);
  const confirmWarnings = validation.canPlace && validation.warnings.length > 0;

  const place = async () => {
    if (!validation.canPlace) return;
    setPlacing(true);
    setPlaceError(null);
    try {
      await placePicks(picksToPlace(slip));
      setSlip((s) => ({ ...clearSlip(s), open: false }));
      show('success', 'Bets saved to My Picks');
      navigate('/picks');
    } catch (error) {
      setPlaceError(error instanceof Error ? error.message : String(error));
    } finally {
      setPlacing(false);
    }
  };

  return (
    <>
      {(validation.errors.length > 0 || validation.warnings.length > 0) && (
        <ul className="slip-messages" aria-live="polite" data-testid="slip-messages" id={messagesId}>
          {validation.errors.map((m) => (
            <li key={m} className="form-error">
              {m}
            </li>
          ))}
          {validation.warnings.map((m) => (
            <li key={m} className="slip-warning">
              {m}
            </li>
          ))}
        </ul>
      )}
      <SlipTotals slip={slip} />
      {placeError && <p className="form-error">{placeError}</p>}
      {/* DECISIONS 26: with warnings only, placing takes this one confirmation; errors disable it */}
      <button
        type="button"
        className="button primary place-bets"
        disabled={!validation.canPlace || placing}
        onClick={() => void place()}
        aria-describedby={confirmWarnings ? messagesId : undefined}
      >
        {placing ? 'Saving...' : confirmWarnings ? 'Place anyway' : 'Place Bets'}
      </button>
    </>
  );
}

/** What the slip stakes, and what it returns: an arbitrage's guaranteed return and profit, the other bets' payout. */
function SlipTotals({ slip }: { slip: BetSlipState }) {
  const returns = slipReturns(slip);
  return (
    <dl className="slip-totals">
      <dt>Total stake</dt>
      <dd data-testid="slip-total">{formatMoney(totalStakeCents(slip))}</dd>
      {returns.hedged && (
        <>
          {/* an arbitrage's legs cannot all win: it returns what its smallest leg pays, whichever wins */}
          <dt>Guaranteed return</dt>
          <dd data-testid="slip-guaranteed-return">{formatMoney(returns.hedged.returnCents)}</dd>
          <dt>{returns.hedged.profitCents >= 0 ? 'Guaranteed profit' : 'Worst case'}</dt>
          <dd data-testid="slip-guaranteed-profit">{formatMoney(returns.hedged.profitCents)}</dd>
        </>
      )}
      {(!returns.hedged || returns.potentialCents > 0) && (
        <>
          <dt>{returns.hedged ? 'Other bets’ potential payout' : 'Potential payout'}</dt>
          <dd data-testid="slip-potential-payout">{formatMoney(returns.potentialCents)}</dd>
        </>
      )}
    </dl>
  );
}
