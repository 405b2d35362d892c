import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { RealtimeChannel, type ArbitrageOpportunity, type OpportunityUpdate } from '@oddspulse/shared';
import { addAllToSlip } from '../bet-slip/bet-slip';
import { betSlipAtom, useBankroll } from '../bet-slip/bet-slip-state';
import { opportunityToSlipItems } from '../bet-slip/slip-items';
import { fetchArbitrage, fetchMiddles } from '../odds/odds-api';
import { liveSocketAtom } from '../realtime/socket';
import { useToasts } from '../state/toasts';
import { applyUpdate, initialFeed, settleFeed, sizedForUser, type FeedItem, type Opportunity } from './opportunity-feed';
import { ArbitrageCalculatorModal } from './ArbitrageCalculatorModal';
import { OpportunityCard } from './OpportunityCard';
import { expiredLast } from './opportunity-expiry';
import { notificationsFor } from './scanner-notify';
import { ScannerInputs } from './ScannerInputs';
import { scannerPanelRanges, type ScannerKind } from './scanner-settings';
import { scannerSettingsAtom } from './scanner-state';
import { notificationPermission, useScannerNotify } from './useScannerNotify';

/**
 * The arbitrage and middles scanners (Platinum; spec 001 §5, §9; DECISIONS 11–12): the first load over
 * REST, then new / updated / gone over the socket for every selected sport.
 */
export function ScannerPanel({ kind, sports, books }: { kind: ScannerKind; sports: readonly string[]; books: readonly string[] }) {
  const socket = useAtomValue(liveSocketAtom);
  const bankroll = useBankroll();
  const setSlip = useSetAtom(betSlipAtom);
  const { show } = useToasts();
  const [inputs, setInputs] = useAtom(scannerSettingsAtom);
  const [feed, setFeed] = useState<FeedItem<Opportunity>[]>([]);
  const [state, setState] = useState<{ status: 'loading' | 'ready' } | { status: 'error'; message: string }>({ status: 'loading' });
  const [now, setNow] = useState(() => Date.now());
  const [calculating, setCalculating] = useState<ArbitrageOpportunity | null>(null);
  const notifications = useScannerNotify(kind);
  const { notify } = notifications;
  const sportsKey = sports.join(',');
  const booksKey = books.join(',');
  const bankrollDollars = bankroll.cents / 100;
  // What a pushed batch is checked against for notifications: the latest settings, without re-subscribing.
  const notifyContext = useRef({ notify, inputs, bankroll: bankrollDollars, books });
  notifyContext.current = { notify, inputs, bankroll: bankrollDollars, books };
  const ranges = scannerPanelRanges(bankrollDollars);

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    const list = sportsKey ? sportsKey.split(',') : [];
    try {
      // Detection publishes at the loosest thresholds; the user's inputs are applied on top, here.
      const loaded: Opportunity[] =
        kind === 'arbitrage'
          ? await fetchArbitrage({ sports: list, books: [], minProfit: 0.1, maxStake: 100, bankroll: 1000 })
          : await fetchMiddles({ sports: list, books: [], minGap: 0.5, minProbability: 5, maxStake: 1000, bankroll: 1000 });
      setFeed(initialFeed(loaded, Date.now()));
      setState({ status: 'ready' });
    } catch (error) {
      setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, [kind, sportsKey]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!sportsKey) return;
    const channel = kind === 'arbitrage' ? RealtimeChannel.Arbitrage : RealtimeChannel.Middles;
    const offs = sportsKey.split(',').map((sport) =>
      socket.subscribe({ channel, sport }, (envelope) => {
        if (envelope.type === 'snapshot') {
          // A snapshot is the room's current updates (new or updated), each with its opportunity.
          const list = envelope.data.flatMap((u): Opportunity[] => (u.action !== 'gone' && u.opportunity ? [u.opportunity] : []));
          setFeed((current) => [...current.filter((i) => i.opportunity.sport !== sport), ...initialFeed(list, Date.now())]);
          return;
        }
        if (envelope.type !== 'opportunities') return;
        const updates: ReadonlyArray<OpportunityUpdate<Opportunity>> = envelope.data.updates;
        const at = Date.now();
        setFeed((current) => updates.reduce((feedSoFar, update) => applyUpdate(feedSoFar, update, at), current));
        const context = notifyContext.current;
        if (!context.notify.on || notificationPermission() !== 'granted') return;
        for (const n of notificationsFor(kind, updates, context.notify, context)) new Notification(n.title, { body: n.body, tag: n.tag });
      }),
    );
    return () => offs.forEach((off) => off());
  }, [kind, sportsKey, socket]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      setFeed((current) => settleFeed(current, t));
    }, 1000);
    return () => window.clearInterval(timer);
  }, []);

  const visible = useMemo(
    () => sizedForUser(feed, { inputs, bankroll: bankrollDollars, books: booksKey ? booksKey.split(',') : [] }),
    [feed, inputs, bankrollDollars, booksKey],
  );

  const execute = (o: Opportunity) => {
    setSlip((s) => addAllToSlip(s, opportunityToSlipItems(o), bankroll.cents));
    // spec 001 §5: executing shows that it was added to the bet slip, with the profit or probability
    show(
      'success',
      o.type === 'arbitrage'
        ? `Added to bet slip: ${o.profitPct.toFixed(2)}% profit ($${(o as ArbitrageOpportunity).profitAmount.toFixed(2)})`
        : `Added to bet slip: ${o.probability.toFixed(0)}% middle probability`,
    );
  };

  /** The calculator's stakes and odds into the bet slip, every leg (DECISIONS 12). */
  const executeCalculated = (o: ArbitrageOpportunity, stakesCents: number[], americanOdds: number[]) => {
    const legs = o.legs.map((leg, i) => ({ ...leg, price: americanOdds[i], stake: stakesCents[i] / 100 }));
    setSlip((s) => addAllToSlip(s, opportunityToSlipItems({ ...o, legs }), bankroll.cents));
    setCalculating(null);
    show('success', `Added ${legs.length} legs to the bet slip`);
  };

  return (
    <section className="scanner" aria-label={kind === 'arbitrage' ? 'Arbitrage scanner' : 'Middles scanner'}>
      <ScannerInputs kind={kind} inputs={inputs} ranges={ranges} onInputs={setInputs} notifications={notifications} />
      {state.status === 'loading' && feed.length === 0 && (
        <div className="table-loading card" role="status">
          <span className="spinner" aria-hidden="true" /> {kind === 'arbitrage' ? 'Scanning for arbitrage...' : 'Scanning for middles...'}
        </div>
      )}
      {state.status === 'error' && (
        <div className="banner banner-error" role="alert">
          {state.message}{' '}
          <button type="button" className="button small" onClick={() => void load()}>
            Retry
          </button>
        </div>
      )}
      {state.status === 'ready' && visible.length === 0 && (
        <div className="table-empty card" data-testid="scanner-empty">
          {kind === 'arbitrage' ? (
            <>
              <h3>No Real Arbitrage Opportunities Found</h3>
              <p className="muted">Try lowering the minimum profit. New opportunities appear here as soon as they are found.</p>
            </>
          ) : (
            <>
              <h3>No Middle Opportunities Found</h3>
              <p className="muted">Try lowering the minimum gap or probability. New middles appear here as soon as they are found.</p>
            </>
          )}
        </div>
      )}
      <div className="opportunities" aria-live="polite">
        {expiredLast(visible, now).map((item) => (
          <OpportunityCard key={item.opportunity.id} item={item} kind={kind} now={now} onExecute={execute} onCalculate={setCalculating} />
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
