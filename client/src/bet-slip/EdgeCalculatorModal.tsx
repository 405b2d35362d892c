import { useState } from 'react';
import { calculateEdge, EDGE_CALCULATOR_DEFAULTS, type EdgeBand } from '@oddspulse/shared';
import { Modal } from '../components/Modal';

const BAND_TEXT: Record<EdgeBand, string> = {
  excellent: 'Excellent edge - strong bet',
  good: 'Good edge - solid bet',
  marginal: 'Marginal edge - bet small',
  small: 'Small edge - proceed with caution',
  negative: 'Negative edge - avoid this bet',
};

const numberOrNull = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));

/**
 * The edge calculator (spec 001 §5): bookmaker odds and fair odds in American are both needed; bet amount
 * defaults to 100 and bankroll to 1000 when blank. The engine computes edge, band, Kelly and the stake.
 */
export function EdgeCalculatorModal({ initialBookOdds, initialFairOdds, onClose }: { initialBookOdds?: number; initialFairOdds?: number; onClose: () => void }) {
  const [bookOdds, setBookOdds] = useState(initialBookOdds?.toString() ?? '');
  const [fairOdds, setFairOdds] = useState(initialFairOdds?.toString() ?? '');
  const [betAmount, setBetAmount] = useState('');
  const [bankroll, setBankroll] = useState('');
  const result = calculateEdge({ bookOdds: numberOrNull(bookOdds), fairOdds: numberOrNull(fairOdds), betAmount: numberOrNull(betAmount), bankroll: numberOrNull(bankroll) });
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
          <input value={betAmount} onChange={(e) => setBetAmount(e.target.value)} inputMode="decimal" placeholder={String(EDGE_CALCULATOR_DEFAULTS.betAmount)} />
        </label>
        <label>
          Bankroll ($)
          <input value={bankroll} onChange={(e) => setBankroll(e.target.value)} inputMode="decimal" placeholder={String(EDGE_CALCULATOR_DEFAULTS.bankroll)} />
        </label>
      </div>
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
