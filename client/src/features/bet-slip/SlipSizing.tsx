import { QUICK_PARLAY_AMOUNTS, RISK_LEVELS, RISK_PROFILES, type RiskLevel } from '@oddspulse/shared';
import { formatOdds, type OddsDisplayFormat } from '../../format/odds-format';
import {
  applyQuickAmount,
  autoSizeAll,
  parlayNetOdds,
  parlayOdds,
  setRisk,
  typedStakeCents,
  type BetSlipState,
} from './bet-slip';

const RISK_LABELS: Record<RiskLevel, string> = {
  conservative: 'Conservative',
  moderate: 'Moderate',
  aggressive: 'Aggressive',
};

/** How the slip's stakes are set (spec 001 §4, §5): a parlay's stake, quick amounts, the risk level, auto-calculate and Kelly sizing on the bankroll. */
export function SlipSizing({
  slip,
  setSlip,
  bankrollCents,
  format,
}: {
  slip: BetSlipState;
  setSlip: (update: (slip: BetSlipState) => BetSlipState) => void;
  bankrollCents: number;
  format: OddsDisplayFormat;
}) {
  return (
    <>
      {slip.mode === 'parlay' && <ParlayStake slip={slip} setSlip={setSlip} format={format} />}
      <div className="quick-amounts" role="group" aria-label="Quick amounts">
        {QUICK_PARLAY_AMOUNTS.map((amount) => (
          <button
            key={amount}
            type="button"
            className="button small"
            onClick={() => setSlip((s) => applyQuickAmount(s, amount))}
          >
            ${amount}
          </button>
        ))}
      </div>
      <div className="slip-sizing">
        <label>
          Risk level{' '}
          <select
            value={slip.risk}
            onChange={(e) => setSlip((s) => setRisk(s, e.target.value as RiskLevel, bankrollCents))}
          >
            {RISK_LEVELS.map((level) => (
              <option key={level} value={level}>
                {RISK_LABELS[level]} ({(RISK_PROFILES[level].baseShare * 100).toString()}%)
              </option>
            ))}
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={slip.autoCalculate}
            onChange={(e) => setSlip((s) => ({ ...s, autoCalculate: e.target.checked }))}
          />{' '}
          Auto-calculate
        </label>
        <button
          type="button"
          className="button small"
          disabled={slip.items.length === 0 || slip.mode === 'parlay'}
          onClick={() => setSlip((s) => autoSizeAll(s, bankrollCents))}
        >
          Size with Kelly
        </button>
      </div>
    </>
  );
}

/** A parlay's stake, with the parlay's odds beside it. */
function ParlayStake({
  slip,
  setSlip,
  format,
}: {
  slip: BetSlipState;
  setSlip: (update: (slip: BetSlipState) => BetSlipState) => void;
  format: OddsDisplayFormat;
}) {
  const parlay = parlayOdds(slip);
  // an exchange leg pays net of its commission: the price the payout is worked out from is said beside the quoted one
  const net = parlayNetOdds(slip);
  return (
    <label className="stake parlay-stake">
      Parlay stake $
      <input
        type="number"
        min={0}
        step={1}
        value={(slip.parlayStakeCents / 100).toString()}
        onChange={(e) => setSlip((s) => ({ ...s, parlayStakeCents: typedStakeCents(e.target.value) }))}
      />
      {parlay !== null && (
        <span className="muted">
          {' '}
          at {formatOdds(parlay, format)}
          {net !== null && net < parlay && <> ({formatOdds(net, format)} net)</>}
        </span>
      )}
    </label>
  );
}
