import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { decimalToAmericanRounded, fairOddsFromMarket, type DevigFailure } from '@oddspulse/shared';
import { DevigMethodPicker, type MarketSide } from '../odds';
import { devigChoiceAtom } from '../../state/display-settings';

export const numberOrNull = (text: string) =>
  text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text);

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

/** The edge calculator's "Fair odds from a market": de-vig a market by any method and use its fair odds. */
export function EdgeMarketSection({
  initialMarket,
  onUse,
}: {
  initialMarket?: readonly MarketSide[];
  /** The fair odds shown (American, whole) and the unrounded probability behind them. */
  onUse: (fairAmerican: number, fairProbability: number) => void;
}) {
  // the page's method to start with; a change here stays in the calculator
  const storedDevig = useAtomValue(devigChoiceAtom);
  const [devig, setDevig] = useState(storedDevig);
  const [market, setMarket] = useState<MarketRow[]>(() => marketRows(initialMarket));
  const marketFair = fairOddsFromMarket(
    market.map((m) => numberOrNull(m.odds)),
    devig.method,
    { blend: devig.blend },
  );
  return (
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
        <button
          type="button"
          className="link-button small"
          onClick={() => setMarket((rows) => [...rows, { outcome: 'Draw', odds: '' }])}
        >
          Add a third outcome (draw)
        </button>
      )}
      <DevigMethodPicker value={devig} onChange={setDevig} />
      {marketFair.ok ? (
        <p className="small" data-testid="edge-market-fair">
          Fair {marketFair.fairAmerican > 0 ? '+' : ''}
          {marketFair.fairAmerican} ({(marketFair.fairProbability * 100).toFixed(2)}%) · hold{' '}
          {(marketFair.hold * 100).toFixed(2)}% · overround {(marketFair.overround * 100).toFixed(2)}%{' '}
          <button
            type="button"
            className="button small"
            onClick={() => onUse(marketFair.fairAmerican, marketFair.fairProbability)}
          >
            Use as fair odds
          </button>
        </p>
      ) : (
        <p className="muted small">{DEVIG_FAILURE_TEXT[marketFair.reason]}</p>
      )}
    </fieldset>
  );
}
