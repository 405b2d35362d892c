import { useAtom } from 'jotai';
import { useState } from 'react';
import type { ArbitrageOpportunity } from '@oddspulse/shared';
import { useSearchParams } from 'react-router-dom';
import { gamePricesPath, useLinkSelection, BooksHint } from '../odds';
import { alertTargetMessage, alertTargetState } from './alert-target';
import { ArbitrageCalculatorModal } from './calculator/ArbitrageCalculatorModal';
import { OpportunityCard } from './OpportunityCard';
import { expiredLast } from './opportunity-expiry';
import { ScannerInputs } from './ScannerInputs';
import { AlertTargetNotice, FeedLoadState, HiddenByBooks, ScannerEmpty } from './ScannerNotices';
import type { ScannerKind } from './scanner-settings';
import { scannerSettingsAtom } from './scanner-state';
import { useScannerNotify } from './useScannerNotify';
import { useScannerOpportunities } from './useScannerOpportunities';
import { useScannerSlip } from './useScannerSlip';

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
  everyBook,
  onEveryBook,
}: {
  kind: ScannerKind;
  sports: readonly string[];
  books: readonly string[];
  /** The page's search (its chip): only the opportunities it matches are listed and counted. */
  search: string;
  /** "Show all books" pressed on this scanner (DECISIONS 32): the page's, which its filters end. */
  everyBook: boolean;
  onEveryBook: (everyBook: boolean) => void;
}) {
  const [inputs, setInputs] = useAtom(scannerSettingsAtom);
  const [calculating, setCalculating] = useState<ArbitrageOpportunity | null>(null);
  const [params] = useSearchParams();
  const notifications = useScannerNotify(kind);
  const { feed, state, now, load, visible, hidden, outsideSearch } = useScannerOpportunities(kind, {
    sports,
    books,
    everyBook,
    search,
    inputs,
    notify: notifications.notify,
  });
  const { execute, executeCalculated } = useScannerSlip();
  const showAllBooks = () => onEveryBook(true);
  const targetId = params.get('opportunity');
  const target = targetId && state.status === 'ready' ? alertTargetState(targetId, feed, visible, now) : null;
  const link = useLinkSelection(params);
  const gamePrices = (target === 'gone' || target === 'expired') && link ? gamePricesPath(link, search) : null;

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
      {everyBook && <BooksHint hidden={0} everyBook onEveryBook={showAllBooks} onMyBooks={() => onEveryBook(false)} />}
      {state.status === 'ready' && visible.length === 0 && (
        <ScannerEmpty kind={kind} hidden={hidden} outsideSearch={outsideSearch} onShowAll={showAllBooks} />
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
          onAddToSlip={(stakes, odds, decimals) => {
            executeCalculated(calculating, stakes, odds, decimals);
            setCalculating(null);
          }}
          onClose={() => setCalculating(null)}
        />
      )}
    </section>
  );
}
