import { OpenInBook } from '../../ui/OpenInBook';
import { useAtomValue, useSetAtom } from 'jotai';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { evTone, sportsbookName, type EvBet } from '@oddspulse/shared';
import { isPaid } from '../../state/session-api';
import { addToSlip, evBetToSlipItem, betSlipAtom, useBankroll, BetSlipPanel, EdgeCalculator } from '../bet-slip';
import { formatOdds, type OddsDisplayFormat } from '../../format/odds-format';
import { betSelectionLabel } from '../../format/bet-labels';
import { devigChoiceAtom, oddsFormatAtom } from '../../state/display-settings';
import { useSignedInUserId } from '../../state/auth';
import { useStartingBooks } from '../../state/starting-books';
import { CompareOdds } from './CompareOdds';
import { recommendedBetsQuery } from './dashboard-api';
import { RecommendedBetMeta } from './RecommendedBetMeta';
import { confidenceOf, MAX_SHOWN } from './recommendations';
import '../odds/odds.css';
import { usePlan } from '../../state/session-state';

/**
 * Today's Recommended Bets on the dashboard (spec 000 §2, §8; 001 §5; DECISIONS 13): the real EV of the
 * user's sportsbooks from /api/ev, at most 3 shown, with Compare Odds and Place Bet.
 */
export function RecommendedBets() {
  const plan = usePlan();
  const format = useAtomValue(oddsFormatAtom);
  const setSlip = useSetAtom(betSlipAtom);
  const bankroll = useBankroll();
  const [comparing, setComparing] = useState<string | null>(null);
  const [edgeBet, setEdgeBet] = useState<EvBet | null>(null);
  const paid = plan.status === 'ready' && isPaid(plan.info);
  const devig = useAtomValue(devigChoiceAtom);
  const userId = useSignedInUserId();
  const starting = useStartingBooks();
  // Another devig choice keeps the last recommendations on screen until its own come.
  const query = useQuery({
    ...recommendedBetsQuery(userId, devig, starting.books),
    enabled: paid && userId !== '' && starting.settled,
    placeholderData: keepPreviousData,
  });

  if (!paid) {
    return (
      <p className="muted">
        Recommendations are the highest expected-value bets at your sportsbooks; they come with the Gold and Platinum
        plans.
      </p>
    );
  }
  if (query.isError)
    return (
      <p className="form-error" role="alert">
        {query.error.message}{' '}
        <button type="button" className="button" onClick={() => void query.refetch()}>
          Try again
        </button>
      </p>
    );
  if (query.isPending) return <p className="muted">Finding today's best bets...</p>;
  const state = query.data;
  if (state.gamesToday === 0)
    return (
      <p className="muted" data-testid="recommended-empty">
        No games available today. Check back later for betting opportunities.
      </p>
    );
  if (state.bets.length === 0)
    return (
      <p className="muted" data-testid="recommended-empty">
        No high-value betting opportunities found today from your selected sportsbooks.
      </p>
    );

  const now = Date.now();
  const place = (bet: EvBet) =>
    setSlip((s) => addToSlip(s, { ...evBetToSlipItem(bet), confidence: confidenceOf(bet.evPct) }, bankroll.cents));

  return (
    <div className="recommended">
      {state.bets.slice(0, MAX_SHOWN).map((bet) => (
        <RecommendedBet
          key={bet.id}
          bet={bet}
          now={now}
          format={format}
          comparing={comparing === bet.id}
          onCompare={() => setComparing(comparing === bet.id ? null : bet.id)}
          onPlace={() => place(bet)}
          onEdge={() => setEdgeBet(bet)}
        />
      ))}
      <p className="muted small">From your sportsbooks: {state.books.map((b) => sportsbookName(b)).join(', ')}</p>
      {edgeBet && (
        <EdgeCalculator
          initialBookOdds={edgeBet.price}
          initialFairOdds={edgeBet.fairPrice}
          exact={{ decimal: edgeBet.decimal, fairProbability: edgeBet.fairProbability }}
          commission={edgeBet.commission}
          onClose={() => setEdgeBet(null)}
        />
      )}
      <BetSlipPanel />
    </div>
  );
}

/** One recommendation: the bet, its EV, price and fair price, its confidence, and what can be done with it. */
function RecommendedBet({
  bet,
  now,
  format,
  comparing,
  onCompare,
  onPlace,
  onEdge,
}: {
  bet: EvBet;
  now: number;
  format: OddsDisplayFormat;
  /** Its Compare Odds is open (one bet's at a time). */
  comparing: boolean;
  onCompare: () => void;
  onPlace: () => void;
  onEdge: () => void;
}) {
  return (
    <article className="recommended-bet" data-testid="recommended-bet">
      <div className="slip-item-head">
        <strong>{betSelectionLabel(bet)}</strong>
        <span className={`ev ev-${evTone(bet.evPct)}`}>+{bet.evPct.toFixed(2)}% EV</span>
      </div>
      <RecommendedBetMeta bet={bet} now={now} />
      <div>
        {formatOdds(bet.decimal, format)} at {sportsbookName(bet.book, bet.bookTitle)} · fair{' '}
        {formatOdds(bet.fairDecimal, format)} · Confidence: {confidenceOf(bet.evPct)}
      </div>
      <div className="actions">
        <button type="button" className="button small" aria-expanded={comparing} onClick={onCompare}>
          Compare Odds
        </button>
        <button type="button" className="button small primary" onClick={onPlace}>
          Place Bet
        </button>
        <OpenInBook book={bet.book} title={bet.bookTitle} link={bet.link} />
        <button type="button" className="button small" onClick={onEdge}>
          Edge Calculator
        </button>
      </div>
      {comparing && <CompareOdds bet={bet} />}
    </article>
  );
}
