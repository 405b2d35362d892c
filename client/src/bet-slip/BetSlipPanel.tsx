import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { americanToDecimal, edgeColor, QUICK_PARLAY_AMOUNTS, RISK_LEVELS, RISK_PROFILES, type RiskLevel } from '@oddspulse/shared';
import { TabList, tabPanelProps } from '../components/TabList';
import { formatOdds } from '../odds/filter-settings';
import { oddsFormatAtom } from '../odds/odds-state';
import { useToasts } from '../state/toasts';
import {
  applyQuickAmount,
  autoSizeAll,
  canParlay,
  clearSlip,
  parlayOdds,
  picksToPlace,
  potentialPayoutCents,
  removeFromSlip,
  setMode,
  setRisk,
  setStake,
  totalStakeCents,
  validateSlip,
} from './bet-slip';
import { useBankroll, useBetSlip } from './bet-slip-state';
import { placePicks } from './picks-api';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const RISK_LABELS: Record<RiskLevel, string> = { conservative: 'Conservative', moderate: 'Moderate', aggressive: 'Aggressive' };

/** The bet slip panel (spec 001 §2, §4, §5): opened by adding the first bet, single or parlay, sized and validated by the engine. */
export function BetSlipPanel() {
  const [slip, setSlip] = useBetSlip();
  const bankroll = useBankroll();
  const format = useAtomValue(oddsFormatAtom);
  const navigate = useNavigate();
  const { show } = useToasts();
  const [placing, setPlacing] = useState(false);
  const [placeError, setPlaceError] = useState<string | null>(null);
  const tabsId = useId();
  const count = slip.items.length;

  if (!slip.open) {
    return (
      <button type="button" className="button primary bet-slip-toggle" onClick={() => setSlip((s) => ({ ...s, open: true }))} aria-label={`Open bet slip (${count})`}>
        Bet Slip ({count})
      </button>
    );
  }

  const validation = validateSlip(slip, bankroll.cents);
  const total = totalStakeCents(slip);
  const parlay = parlayOdds(slip);

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
    <aside className="bet-slip card" aria-label="Bet slip" data-testid="bet-slip">
      <header className="bet-slip-head">
        <h2>Bet Slip ({count})</h2>
        <button type="button" className="link-button" aria-label="Close bet slip" onClick={() => setSlip((s) => ({ ...s, open: false }))}>
          ×
        </button>
      </header>
      <TabList
        id={tabsId}
        label="Bet type"
        className="tabs slip-modes"
        selected={slip.mode}
        onSelect={(mode) => setSlip((s) => setMode(s, mode))}
        tabs={[
          { value: 'single', label: 'Single' },
          { value: 'parlay', label: 'Parlay', disabled: !canParlay(slip), title: canParlay(slip) ? undefined : 'Add 2 or more bets for a parlay' },
        ]}
      />
      <div className="slip-panel" {...tabPanelProps(tabsId, slip.mode)}>
        {count === 0 ? (
          <p className="muted">Your bet slip is empty. Add a bet from the odds table.</p>
        ) : (
          <ul className="slip-items">
            {slip.items.map((item) => (
              <li key={item.id} className="slip-item" data-testid="slip-item">
                <div className="slip-item-head">
                  <strong>{item.selection}</strong>
                  <button type="button" className="link-button" aria-label={`Remove ${item.selection}`} onClick={() => setSlip((s) => removeFromSlip(s, item.id))}>
                    Remove
                  </button>
                </div>
                <div className="muted small">
                  {item.matchup} · {item.market} · {item.bookmaker}
                </div>
                <div className="slip-item-line">
                  <span className="odds">{formatOdds(americanToDecimal(item.americanOdds), format)}</span>
                  {item.edge !== null && <span className={`edge edge-${edgeColor(item.edge)}`}>{item.edge.toFixed(2)}% edge</span>}
                  {slip.mode === 'single' && (
                    <label className="stake">
                      <span className="sr-only">Stake for {item.selection}</span>$
                      <input
                        type="number"
                        min={0}
                        step={1}
                        inputMode="decimal"
                        value={(item.stakeCents / 100).toString()}
                        onChange={(e) => setSlip((s) => setStake(s, item.id, Math.round(Number(e.target.value || 0) * 100)))}
                      />
                    </label>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        {slip.mode === 'parlay' && (
          <label className="stake parlay-stake">
            Parlay stake $
            <input
              type="number"
              min={0}
              step={1}
              value={(slip.parlayStakeCents / 100).toString()}
              onChange={(e) => setSlip((s) => ({ ...s, parlayStakeCents: Math.max(0, Math.round(Number(e.target.value || 0) * 100)) }))}
            />
            {parlay !== null && <span className="muted"> at {formatOdds(parlay, format)}</span>}
          </label>
        )}
        <div className="quick-amounts" role="group" aria-label="Quick amounts">
          {QUICK_PARLAY_AMOUNTS.map((amount) => (
            <button key={amount} type="button" className="button small" onClick={() => setSlip((s) => applyQuickAmount(s, amount))}>
              ${amount}
            </button>
          ))}
        </div>
        <div className="slip-sizing">
          <label>
            Risk level{' '}
            <select value={slip.risk} onChange={(e) => setSlip((s) => setRisk(s, e.target.value as RiskLevel, bankroll.cents))}>
              {RISK_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {RISK_LABELS[level]} ({(RISK_PROFILES[level].baseShare * 100).toString()}%)
                </option>
              ))}
            </select>
          </label>
          <label>
            <input type="checkbox" checked={slip.autoCalculate} onChange={(e) => setSlip((s) => ({ ...s, autoCalculate: e.target.checked }))} /> Auto-calculate
          </label>
          <button type="button" className="button small" disabled={count === 0 || slip.mode === 'parlay'} onClick={() => setSlip((s) => autoSizeAll(s, bankroll.cents))}>
            Size with Kelly
          </button>
        </div>
        <p className="muted small">
          Bankroll {dollars(bankroll.cents)}
          {bankroll.source === 'default' && ` (default: your saved bankroll could not be loaded: ${bankroll.error})`}
        </p>
        {(validation.errors.length > 0 || validation.warnings.length > 0) && (
          <ul className="slip-messages" aria-live="polite" data-testid="slip-messages">
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
        <dl className="slip-totals">
          <dt>Total stake</dt>
          <dd data-testid="slip-total">{dollars(total)}</dd>
          <dt>Potential payout</dt>
          <dd>{dollars(potentialPayoutCents(slip))}</dd>
        </dl>
        {placeError && <p className="form-error">{placeError}</p>}
        <button type="button" className="button primary place-bets" disabled={!validation.canPlace || placing} onClick={() => void place()}>
          {placing ? 'Saving...' : 'Place Bets'}
        </button>
      </div>
    </aside>
  );
}
