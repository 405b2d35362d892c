import { useAtom, useSetAtom } from 'jotai';
import { useMemo, useRef, useState } from 'react';
import type { ArbitrageOpportunity } from '@oddspulse/shared';
import { useSearchParams } from 'react-router-dom';
import { addAllToSlip } from '../bet-slip/bet-slip';
import { betSlipAtom, useBankroll } from '../bet-slip/bet-slip-state';
import { opportunityToSlipItems } from '../bet-slip/slip-items';
import { gamePricesPath, matchesOpportunitySearch } from '../odds/alert-link';
import { useLinkSelection } from '../odds/alert-link-state';
import { BooksHint } from '../odds/table/OddsTableNotices';
import { useToasts } from '../state/toasts';
import { alertTargetMessage, alertTargetState } from './alert-target';
import { ArbitrageCalculatorModal } from './calculator/ArbitrageCalculatorModal';
import { hiddenByBooks, sizedForUser, type Opportunity } from './opportunity-feed';
import { OpportunityCard } from './OpportunityCard';
import { expiredLast } from './opportunity-expiry';
import { ScannerInputs } from './ScannerInputs';
import { AlertTargetNotice, FeedLoadState, HiddenByBooks, ScannerEmpty } from './ScannerNotices';
import type { ScannerKind } from './scanner-settings';
import { scannerSettingsAtom } from './scanner-state';
import { useScannerFeed, type NotifyContext } from './useScannerFeed';
import { useScannerNotify } from './useScannerNotify';

/**
 * The arbitrage and middles scanners (Platinum; spec 001 §5, §9; DECISIONS 11–12, 28): the live feed through the
 * page's search, the user's inputs, books and bankroll; what the books hide is counted, and an alert's opportunity is
 * scrolled to.
 */
export function ScannerPanel({
  kind,
  sports,
  books,
  search,
}: {
  kind: ScannerKind;
  sports: readonly string[];
  books: readonly string[];
  /** The page's search (its chip): only the opportunities it matches are listed and counted. */
  search: string;
}) {
  const bankroll = useBankroll();
  const setSlip = useSetAtom(betSlipAtom);
  const { show } = useToasts();
  const [inputs, setInputs] = useAtom(scannerSettingsAtom);
  const [calculating, setCalculating] = useState<ArbitrageOpportunity | null>(null);
  const [params] = useSearchParams();
  const notifications = useScannerNotify(kind);
  // DECISIONS 32: "Show all books" widens this scanner until the user leaves it; only My Sportsbooks changes their books
  const [everyBook, setEveryBook] = useState(false);
  const booksKey = everyBook ? '' : books.join(',');
  const user = useMemo(
    () => ({
      inputs,
      bankroll: bankroll.cents / 100,
      books: booksKey ? booksKey.split(',') : [],
      commission: bankroll.commissions,
    }),
    [inputs, bankroll.cents, booksKey, bankroll.commissions],
  );
  const notifyContext = useRef<NotifyContext>({ ...user, notify: notifications.notify });
  notifyContext.current = { ...user, notify: notifications.notify };
  const { feed, state, now, load } = useScannerFeed(kind, sports.join(','), notifyContext);

  const searched = useMemo(
    () => (search.trim() ? feed.filter((item) => matchesOpportunitySearch(item.opportunity, search)) : feed),
    [feed, search],
  );
  const visible = useMemo(() => sizedForUser(searched, user), [searched, user]);
  const hidden = useMemo(() => hiddenByBooks(searched, user), [searched, user]);
  const showAllBooks = () => setEveryBook(true);
  const targetId = params.get('opportunity');
  const target = targetId && state.status === 'ready' ? alertTargetState(targetId, feed, visible, now) : null;
  const link = useLinkSelection(params);
  const gamePrices = (target === 'gone' || target === 'expired') && link ? gamePricesPath(link, search) : null;

  const execute = (o: Opportunity) => {
    setSlip((s) => addAllToSlip(s, opportunityToSlipItems(o), bankroll.cents));
    // spec 001 §5: executing shows that it was added to the bet slip, with the profit or probability
    show(
      'success',
      o.type === 'arbitrage'
        ? `Added to bet slip: ${o.profitPct.toFixed(2)}% profit ($${o.profitAmount.toFixed(2)})`
        : `Added to bet slip: ${o.probability.toFixed(0)}% middle probability`,
    );
  };

  /** The calculator's stakes and odds into the bet slip, every leg (DECISIONS 12). */
  const executeCalculated = (o: ArbitrageOpportunity, stakesCents: number[], americanOdds: number[]) => {
    const legs = o.legs.map((leg, i) => ({ ...leg, price: americanOdds[i], stake: stakesCents[i] / 100 }));
    // a back/lay's lay is placed at the exchange, not from the slip: count what went in
    const items = opportunityToSlipItems({ ...o, legs });
    setSlip((s) => addAllToSlip(s, items, bankroll.cents));
    setCalculating(null);
    show('success', items.length === 1 ? 'Added 1 leg to the bet slip' : `Added ${items.length} legs to the bet slip`);
  };

  return (
    <section className="scanner" aria-label={kind === 'arbitrage' ? 'Arbitrage scanner' : 'Middles scanner'}>
      <ScannerInputs kind={kind} inputs={inputs} onInputs={setInputs} notifications={notifications} />
      {target && (
        <AlertTargetNotice
          message={alertTargetMessage(target)}
          canShowAll={target === 'hidden' && hidden > 0}
          onShowAll={showAllBooks}
          gamePrices={gamePrices}
        />
      )}
      <FeedLoadState
        state={state}
        empty={feed.length === 0}
        label={kind === 'arbitrage' ? 'Scanning for arbitrage...' : 'Scanning for middles...'}
        onRetry={() => void load()}
      />
      {everyBook && <BooksHint hidden={0} everyBook onEveryBook={showAllBooks} onMyBooks={() => setEveryBook(false)} />}
      {state.status === 'ready' && visible.length === 0 && (
        <ScannerEmpty kind={kind} hidden={hidden} onShowAll={showAllBooks} />
      )}
      {visible.length > 0 && <HiddenByBooks hidden={hidden} onShowAll={showAllBooks} />}
      <div className="opportunities" aria-live="polite">
        {expiredLast(visible, now).map((item) => (
          <OpportunityCard
            key={item.opportunity.id}
            item={item}
            kind={kind}
            now={now}
            targeted={item.opportunity.id === targetId}
            onExecute={execute}
            onCalculate={setCalculating}
          />
        ))}
      </div>
      {calculating && (
        <ArbitrageCalculatorModal
          opportunity={calculating}
          onAddToSlip={(stakes, odds) => executeCalculated(calculating, stakes, odds)}
          onClose={() => setCalculating(null)}
        />
      )}
    </section>
  );
}
