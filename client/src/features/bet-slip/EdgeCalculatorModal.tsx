import { useState } from 'react';
import {
  calculateEdge,
  commissionLabel,
  EDGE_CALCULATOR_DEFAULTS,
  formatDollars,
  type EdgeBand,
} from '@oddspulse/shared';
import { DollarField, InputInLabel } from '../../ui/LabelledInput';
import { Modal } from '../../ui/Modal';
import type { MarketSide } from '../odds';
import { EdgeMarketSection, numberOrNull } from './EdgeMarketSection';
import { useBankroll } from './bet-slip-state';

const BAND_TEXT: Record<EdgeBand, string> = {
  excellent: 'Excellent edge - strong bet',
  good: 'Good edge - solid bet',
  marginal: 'Marginal edge - bet small',
  small: 'Small edge - proceed with caution',
  negative: 'Negative edge - avoid this bet',
};

/**
 * Odds as typed (American), and the unrounded figure behind them while they are the bet's own: an edit drops it, so
 * the calculator then works from what was typed.
 */
interface TypedOdds {
  typed: string;
  exact?: number;
}

/** American odds as typed: typing replaces the bet's own odds, so the exact figure behind them goes. */
function OddsField({
  odds,
  onChange,
  ...field
}: {
  label: string;
  placeholder: string;
  odds: TypedOdds;
  onChange: (odds: TypedOdds) => void;
}) {
  return <InputInLabel {...field} value={odds.typed} onChange={(typed) => onChange({ typed })} inputMode="numeric" />;
}

/**
 * The edge calculator (spec 001 §5): bookmaker odds and fair odds in American are both needed; bet amount
 * defaults to 100 and bankroll to the user's saved bankroll when blank (DECISIONS 16, 36); a bet without a positive edge
 * gets no recommended stake. The engine computes edge, band, Kelly and the stake. Fair odds
 * can also come from de-vigging a market by any method: the book's own market when opened from a row.
 * Opened from a bet, it computes with the bet's unrounded odds and fair probability (`exact`) until a field is
 * edited, so it gives the bet's own EV (+5.76 % here, 5.88 % on the recommendation card). Opened from a bet at an
 * exchange, the odds are the exchange's and everything is worked net of its commission, as the bet's card is.
 */
export function EdgeCalculatorModal({
  initialBookOdds,
  initialFairOdds,
  initialMarket,
  exact,
  commission = 0,
  onClose,
}: {
  initialBookOdds?: number;
  initialFairOdds?: number;
  /** The bet's unrounded decimal odds and fair probability behind the prefilled American odds. */
  exact?: { decimal?: number; fairProbability?: number };
  /** The bet's book's commission on net winnings (FRACTION; 0 at a book). */
  commission?: number;
  /** The book's complete market on the row's line, the bet's outcome first. */
  initialMarket?: readonly MarketSide[];
  onClose: () => void;
}) {
  const [bookOdds, setBookOdds] = useState<TypedOdds>({
    typed: initialBookOdds?.toString() ?? '',
    exact: exact?.decimal,
  });
  const [fairOdds, setFairOdds] = useState<TypedOdds>({
    typed: initialFairOdds?.toString() ?? '',
    exact: exact?.fairProbability,
  });
  const applyMarketFair = (fairAmerican: number, fairProbability: number) =>
    setFairOdds({ typed: String(fairAmerican), exact: fairProbability });
  const [betAmount, setBetAmount] = useState('');
  const [bankroll, setBankroll] = useState('');
  // DECISIONS 36: bet sizing starts from the user's saved bankroll (the default one for a visitor or while it loads)
  const savedBankroll = useBankroll().cents / 100;
  const result = calculateEdge({
    bookOdds: numberOrNull(bookOdds.typed),
    fairOdds: numberOrNull(fairOdds.typed),
    betAmount: numberOrNull(betAmount),
    bankroll: numberOrNull(bankroll) ?? savedBankroll,
    exact: { decimal: bookOdds.exact, fairProbability: fairOdds.exact },
    commission,
  });
  const net = commissionLabel(commission);
  return (
    <Modal title="Edge Calculator" onClose={onClose} testId="edge-calculator">
      <div className="edge-form">
        <OddsField label="Bookmaker odds (American)" odds={bookOdds} onChange={setBookOdds} placeholder="-110" />
        <OddsField label="Fair odds (American)" odds={fairOdds} onChange={setFairOdds} placeholder="+100" />
        <DollarField
          label="Bet amount ($)"
          value={betAmount}
          onChange={setBetAmount}
          placeholder={String(EDGE_CALCULATOR_DEFAULTS.betAmount)}
        />
        <DollarField label="Bankroll ($)" value={bankroll} onChange={setBankroll} placeholder={String(savedBankroll)} />
      </div>
      {net && (
        <p className="muted small" data-testid="edge-commission">
          The bookmaker odds are the exchange&apos;s: edge and stake are worked out {net}.
        </p>
      )}
      <EdgeMarketSection initialMarket={initialMarket} onUse={applyMarketFair} />
      {result ? (
        <dl className="edge-result" data-testid="edge-result">
          <dt>Edge</dt>
          <dd className={result.edgePct > 0 ? 'up' : 'down'}>{result.edgePct.toFixed(2)}%</dd>
          <dt>Recommendation</dt>
          <dd>{BAND_TEXT[result.band]}</dd>
          <dt>Expected profit</dt>
          <dd>{formatDollars(result.expectedProfit)}</dd>
          <dt>Fair win probability</dt>
          <dd>{(result.fairProbability * 100).toFixed(1)}%</dd>
          <dt>Kelly stake</dt>
          <dd>{result.kellyFraction > 0 ? `${(result.kellyFraction * 100).toFixed(2)}% of bankroll` : 'No bet'}</dd>
          <dt>Recommended stake</dt>
          <dd>{result.recommendedStake > 0 ? formatDollars(result.recommendedStake) : 'No bet'}</dd>
        </dl>
      ) : (
        <p className="muted">Enter both the bookmaker odds and the fair odds (American, e.g. -110 or +150).</p>
      )}
      <div className="actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
