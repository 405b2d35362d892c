import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { calculateEdge, decimalToAmericanRounded, EDGE_CALCULATOR_DEFAULTS, fairOddsFromMarket, type DevigFailure, type EdgeBand } from '@oddspulse/shared';
import { Modal } from '../components/Modal';
import { DevigMethodPicker } from '../odds/DevigMethodPicker';
import { devigChoiceAtom } from '../odds/odds-state';
import type { MarketSide } from '../odds/rows';

const BAND_TEXT: Record<EdgeBand, string> = {
  excellent: 'Excellent edge - strong bet',
  good: 'Good edge - solid bet',
  marginal: 'Marginal edge - bet small',
  small: 'Small edge - proceed with caution',
  negative: 'Negative edge - avoid this bet',
};

const numberOrNull = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));

const DEVIG_FAILURE_TEXT: Record<DevigFailure, string> = {
  invalid_odds: 'Enter every outcome of the market in American odds (e.g. -110 or +150).',
  underround: 'These prices add up to less than 100%: an arbitrage, not a book to de-vig.',
  negative_probability: 'This method takes more margin from a long shot than it has: choose another method.',
  no_convergence: 'This method could not solve this market: choose another method.',
};

/** The market section's rows: the bet's outcome first, then the others, each with its American odds as typed. */
type MarketRow = { outcome: string; odds: string };
const marketRows = (market: readonly MarketSide[] | undefined): MarketRow[] =>
  market?.length
    ? market.map((m) => ({ outcome: m.outcome, odds: String(decimalToAmericanRounded(m.decimal)) }))
    : [
        { outcome: 'This bet', odds: '' },
        { outcome: 'Other side', odds: '' },
      ];

/**
 * The edge calculator (spec 001 §5): bookmaker odds and fair odds in American are both needed; bet amount
 * defaults to 100 and bankroll to 1000 when blank. The engine computes edge, band, Kelly and the stake. Fair odds
 * can also come from de-vigging a market by any method (issue 20): the book's own market when opened from a row.
 */
export function EdgeCalculatorModal({
  initialBookOdds,
  initialFairOdds,
  initialMarket,
  onClose,
}: {
  initialBookOdds?: number;
  initialFairOdds?: number;
  /** The book's complete market on the row's line, the bet's outcome first. */
  initialMarket?: readonly MarketSide[];
  onClose: () => void;
}) {
  const [bookOdds, setBookOdds] = useState(initialBookOdds?.toString() ?? '');
  const [fairOdds, setFairOdds] = useState(initialFairOdds?.toString() ?? '');
  // the page's method to start with; a change here stays in the calculator
  const storedDevig = useAtomValue(devigChoiceAtom);
  const [devig, setDevig] = useState(storedDevig);
  const [market, setMarket] = useState<MarketRow[]>(() => marketRows(initialMarket));
  const marketFair = fairOddsFromMarket(
    market.map((m) => numberOrNull(m.odds)),
    devig.method,
    { blend: devig.blend },
  );
  const [betAmount, setBetAmount] = useState('');
  const [bankroll, setBankroll] = useState('');
  const result = calculateEdge({
    bookOdds: numberOrNull(bookOdds),
    fairOdds: numberOrNull(fairOdds),
    betAmount: numberOrNull(betAmount),
    bankroll: numberOrNull(bankroll),
  });
  return (
    <Modal title="Edge Calculator" onClose={onClose} testId="edge-calculator">
      <div className="edge-form">
        <label>
          Bookmaker odds (American)
          <input value={bookOdds} onChange={(e) => setBookOdds(e.target.value)} inputMode="numeric" placeholder="-110" />
        </label>
        <label>
          Fair odds (American)
          <input value={fairOdds} onChange={(e) => setFairOdds(e.target.value)} inputMode="numeric" placeholder="+100" />
        </label>
        <label>
          Bet amount ($)
          <input
            value={betAmount}
            onChange={(e) => setBetAmount(e.target.value)}
            inputMode="decimal"
            placeholder={String(EDGE_CALCULATOR_DEFAULTS.betAmount)}
          />
        </label>
        <label>
          Bankroll ($)
          <input value={bankroll} onChange={(e) => setBankroll(e.target.value)} inputMode="decimal" placeholder={String(EDGE_CALCULATOR_DEFAULTS.bankroll)} />
        </label>
      </div>
      <fieldset className="edge-market" data-testid="edge-market">
        <legend>Fair odds from a market</legend>
        {market.map((m, i) => (
          <label key={i}>
            {m.outcome}
            <input
              value={m.odds}
              inputMode="numeric"
              placeholder="-110"
              aria-label={`${m.outcome} odds (American)`}
              onChange={(e) => setMarket((rows) => rows.map((r, k) => (k === i ? { ...r, odds: e.target.value } : r)))}
            />
          </label>
        ))}
        {market.length < 3 && (
          <button type="button" className="link-button small" onClick={() => setMarket((rows) => [...rows, { outcome: 'Draw', odds: '' }])}>
            Add a third outcome (draw)
          </button>
        )}
        <DevigMethodPicker value={devig} onChange={setDevig} />
        {marketFair.ok ? (
          <p className="small" data-testid="edge-market-fair">
            Fair {marketFair.fairAmerican > 0 ? '+' : ''}
            {marketFair.fairAmerican} ({(marketFair.fairProbability * 100).toFixed(2)}%) · hold {(marketFair.hold * 100).toFixed(2)}% · overround{' '}
            {(marketFair.overround * 100).toFixed(2)}%{' '}
            <button type="button" className="button small" onClick={() => setFairOdds(String(marketFair.fairAmerican))}>
              Use as fair odds
            </button>
          </p>
        ) : (
          <p className="muted small">{DEVIG_FAILURE_TEXT[marketFair.reason]}</p>
        )}
      </fieldset>
      {result ? (
        <dl className="edge-result" data-testid="edge-result">
          <dt>Edge</dt>
          <dd className={result.edgePct > 0 ? 'up' : 'down'}>{result.edgePct.toFixed(2)}%</dd>
          <dt>Recommendation</dt>
          <dd>{BAND_TEXT[result.band]}</dd>
          <dt>Expected profit</dt>
          <dd>${result.expectedProfit.toFixed(2)}</dd>
          <dt>Fair win probability</dt>
          <dd>{(result.fairProbability * 100).toFixed(1)}%</dd>
          <dt>Kelly stake</dt>
          <dd>{result.kellyFraction > 0 ? `${(result.kellyFraction * 100).toFixed(2)}% of bankroll` : 'No bet'}</dd>
          <dt>Recommended stake</dt>
          <dd>${result.recommendedStake.toFixed(2)}</dd>
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
